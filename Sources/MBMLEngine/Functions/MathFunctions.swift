/// The Math functions of `functions.md` §3.
enum MathFunctions {
    static var all: [FunctionDefinition] { [] }
}
