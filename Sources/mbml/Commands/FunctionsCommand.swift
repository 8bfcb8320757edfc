import ArgumentParser
import MBMLEngine

/// `mbml functions`: the function registry, by category, or one function in detail.
struct FunctionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "functions",
        abstract: "List the built-in functions, or describe one.",
        discussion: "Without NAME: every function grouped by category, with its signature and input type."
    )

    @OptionGroup var engine: EngineOptions

    @OptionGroup var budget: BudgetOptions

    @Argument(help: "A function name (with or without the leading ^).")
    var name: String?

    @Flag(
        name: .long,
        help: "Print the DocC article \"Function Library\" (Markdown) generated from every function's metadata.")
    var markdown = false

    func validate() throws {
        if markdown, name != nil {
            throw ValidationError("--markdown prints every function; give no NAME.")
        }
    }

    func run() throws {
        let environment = try engine.makeEnvironment(budget: budget, project: engine.session.projectFile())
        let registry = environment.functions
        if markdown {
            StandardStream.output.write(FunctionLibraryReference.markdown(for: registry))
            return
        }
        guard var name = name else {
            list(registry)
            return
        }
        if name.hasPrefix("^") { name.removeFirst() }
        guard let definition = registry.definition(named: name) else {
            StandardStream.error.writeLine("error: no function named ^" + TerminalSafeText.escaping(name))
            let close = registry.all.map(\.name).filter { $0.lowercased().contains(name.lowercased()) }
            if !close.isEmpty {
                StandardStream.error.writeLine(
                    "did you mean: " + close.prefix(8).map { "^" + $0 }.joined(separator: ", "))
            }
            throw ExitCode.failure
        }
        describe(definition)
    }

    private func list(_ registry: FunctionRegistry) {
        let byCategory = Dictionary(grouping: registry.all, by: \.category)
        // Align the input types, but do not let a few long signatures push every line wide.
        let width = min(40, registry.all.map { $0.signature.count }.max() ?? 0)
        var first = true
        for category in FunctionCategory.allCases {
            guard let definitions = byCategory[category], !definitions.isEmpty else { continue }
            if !first { StandardStream.report.writeLine("") }
            first = false
            StandardStream.report.writeLine("\(category.rawValue) (\(definitions.count))")
            for definition in definitions {
                let signature =
                    definition.signature
                    + String(repeating: " ", count: max(0, width - definition.signature.count))
                StandardStream.report.writeLine("  \(signature)  \(definition.input.rawValue)")
            }
        }
        StandardStream.report.writeLine("\n\(registry.count) functions")
    }

    private func describe(_ definition: FunctionDefinition) {
        StandardStream.report.writeLine(definition.signature)
        StandardStream.report.writeLine("  category: \(definition.category.rawValue)")
        StandardStream.report.writeLine("  input:    \(definition.input.rawValue)")
        StandardStream.report.writeLine("")
        for line in wrap(definition.summary, width: 76) {
            StandardStream.report.writeLine("  " + line)
        }
        if let iteration = definition.iteration {
            StandardStream.report.writeLine("")
            for line in iteration.lines { StandardStream.report.writeLine("  " + TerminalSafeText.escaping(line)) }
        }
    }

    private func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
