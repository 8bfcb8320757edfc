/// The File functions of `functions.md` §3.
enum FileFunctions {
    static var all: [FunctionDefinition] { [] }
}
