/// The Date functions of `functions.md` §3.
enum DateFunctions {
    static var all: [FunctionDefinition] { [] }
}
