/// The Debug functions of `functions.md` §3.
enum DebugFunctions {
    static var all: [FunctionDefinition] { [] }
}
