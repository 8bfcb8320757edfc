/// The Geometry functions of `functions.md` §3.
enum GeometryFunctions {
    static var all: [FunctionDefinition] { [] }
}
