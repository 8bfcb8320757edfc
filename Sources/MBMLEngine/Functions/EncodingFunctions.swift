/// The Encoding functions of `functions.md` §3.
enum EncodingFunctions {
    static var all: [FunctionDefinition] { [] }
}
