/// Placeholder replaced by the real tokenizer in the next commit.
struct Parser {
    let expression: String
    let grammar: Grammar
    let functions: FunctionRegistry
    let maximumDepth: Int
    func parse() throws -> [Token] { [] }
}
