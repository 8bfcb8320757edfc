/// The Regex functions of `functions.md` §3.
enum RegexFunctions {
    static var all: [FunctionDefinition] { [] }
}
