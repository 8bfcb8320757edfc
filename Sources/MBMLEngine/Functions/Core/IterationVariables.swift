/// What a function that goes over a collection binds while it evaluates a parameter once per item
/// (`$item`, `$key`, `$root`, `$currentValue`, …; <doc:Variables>), with one example that runs
/// without a manifest and the answer it gives. `mbml functions NAME`, the inspector's F1 and the
/// DocC article <doc:FunctionLibrary> print it (``lines``); a test runs every example.
public struct IterationVariables: Sendable, Equatable {
    /// One bound variable: its name as written (`$item`) and what it holds.
    public struct Variable: Sendable, Equatable {
        public var name: String
        public var meaning: String

        public init(_ name: String, _ meaning: String) {
            self.name = name
            self.meaning = meaning
        }
    }

    public var variables: [Variable]
    /// An expression using the variables, with literal data only.
    public var example: String
    /// The example's result in the object context, JSON encoded (what `mbml eval` prints).
    public var exampleResult: String

    public init(_ variables: [Variable], example: String, gives exampleResult: String) {
        self.variables = variables
        self.example = example
        self.exampleResult = exampleResult
    }

    /// The variables' names, in order.
    public var names: [String] { variables.map(\.name) }

    /// `Variables:`, one `  $name  meaning` line per variable (names aligned), then
    /// `Example: EXPRESSION → RESULT`.
    public var lines: [String] {
        let width = variables.map(\.name.count).max() ?? 0
        let padded = variables.map { variable in
            "  " + variable.name + String(repeating: " ", count: width - variable.name.count) + "  " + variable.meaning
        }
        return ["Variables:"] + padded + ["Example: \(example) → \(exampleResult)"]
    }
}

extension IterationVariables.Variable {
    /// `$item`: the element (or dictionary value) being visited.
    static let item = Self("$item", "the element, or the value of a dictionary entry, being visited")
    /// `$key`: the key of a dictionary entry (an array element leaves an enclosing `$key` visible).
    static let key = Self("$key", "its key, when the collection is a dictionary")
    /// `$root`: the top-level item while intermediates descend.
    static let root = Self("$root", "the top-level item, while intermediate expressions descend")
    /// `$rootKey`: the top-level key (dictionary data model).
    static let rootKey = Self("$rootKey", "the top-level item's key, when the data model is a dictionary")
}

extension FunctionDefinition {
    /// This definition with the variables it binds per item and an example (``iteration``).
    func iterating(
        _ variables: [IterationVariables.Variable], example: String, gives result: String
    ) -> FunctionDefinition {
        var definition = self
        definition.iteration = IterationVariables(variables, example: example, gives: result)
        return definition
    }
}
