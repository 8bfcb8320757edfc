/// The Collection functions of `functions.md` §3.
enum CollectionFunctions {
    static var all: [FunctionDefinition] { [] }
}
