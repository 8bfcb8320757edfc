/// The DocC article "Function Library" (`MBMLEngine.docc/FunctionLibrary.md`), written from the
/// functions' own metadata — category, signature, input type and summary of every
/// ``FunctionDefinition`` — so that the reference cannot drift from the code. `mbml functions
/// --markdown` prints it; a test fails when the committed article differs from it.
public enum FunctionLibraryReference {
    /// The article for `registry`, grouped by category in ``FunctionCategory`` order, functions by
    /// name within a category.
    public static func markdown(for registry: FunctionRegistry = .builtIn) -> String {
        var lines = [
            "# Function Library",
            "",
            "Every built-in function, by category: its call shape, its input type and what it does; a function",
            "that goes over a collection also names the variables it binds per item, with an example.",
            "",
            "## Overview",
            "",
            "This page is generated from the functions' own definitions (`mbml functions --markdown`);",
            "do not edit it by hand. How a call is written, how each input type hands the parameter text",
            "to the function, and which variables per-item expressions see are explained in",
            "<doc:FunctionCalls>. \(registry.count) functions are declared.",
        ]
        let byCategory = Dictionary(grouping: registry.all, by: \.category)
        for category in FunctionCategory.allCases {
            guard let definitions = byCategory[category], !definitions.isEmpty else { continue }
            lines += ["", "## \(category.rawValue) (\(definitions.count))"]
            for definition in definitions {
                lines += [
                    "",
                    "### `\(definition.signature)`",
                    "",
                    "Input type: `\(definition.input.rawValue)`.\(definition.discardsResult ? " Output: none." : "")",
                    "",
                    escaped(definition.summary),
                ]
                if let iteration = definition.iteration { lines += markdown(for: iteration) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The variables an iterating function binds, as a list, and its example.
    static func markdown(for iteration: IterationVariables) -> [String] {
        var lines = ["", "Variables:", ""]
        lines += iteration.variables.map { "- `\($0.name)`: \(escaped($0.meaning))" }
        lines += ["", "Example: `\(iteration.example)` → `\(iteration.exampleResult)`"]
        return lines
    }

    /// `text` with the characters Markdown would read as markup (`<`, `*`, `[`, `]`, `\\`) escaped,
    /// except inside backtick code spans.
    static func escaped(_ text: String) -> String {
        var output = ""
        var inCode = false
        for character in text {
            if character == "`" { inCode.toggle() }
            if !inCode, "<*[]\\".contains(character) { output.append("\\") }
            output.append(character)
        }
        return output
    }
}
