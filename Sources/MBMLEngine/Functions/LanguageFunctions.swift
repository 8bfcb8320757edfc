enum LanguageFunctions {
    static var all: [FunctionDefinition] { [] }
}
