/// The DataProcessing functions of `functions.md` §3.
enum DataProcessingFunctions {
    static var all: [FunctionDefinition] { [] }
}
