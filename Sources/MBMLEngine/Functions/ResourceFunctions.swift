/// The Resource functions of `functions.md` §3.
enum ResourceFunctions {
    static var all: [FunctionDefinition] { [] }
}
