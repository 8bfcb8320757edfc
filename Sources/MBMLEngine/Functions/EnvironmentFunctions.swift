/// The Environment functions of `functions.md` §3.
enum EnvironmentFunctions {
    static var all: [FunctionDefinition] { [] }
}
