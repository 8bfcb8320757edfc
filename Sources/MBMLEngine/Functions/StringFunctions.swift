/// The String functions of `functions.md` §3.
enum StringFunctions {
    static var all: [FunctionDefinition] { [] }
}
