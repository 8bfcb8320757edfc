/// The Unavailable functions of `functions.md` §3.
enum UnavailableFunctions {
    static var all: [FunctionDefinition] { [] }
}
