import Foundation

extension HintFinder {
    /// The hints read from the trace: undefined variables, unknown functions, `.name` on a dictionary
    /// without that key, and references made by accident inside regular expression parameters.
    struct References {
        let finder: HintFinder
        private let names: NameList

        /// The names functions bind while they evaluate a parameter (<doc:FunctionCalls>).
        static let boundNames: Set<String> = ["item", "key", "root", "rootKey", "currentValue"]

        init(finder: HintFinder) {
            self.finder = finder
            names = NameList(variables: finder.environment.variables, job: finder.evaluation)
        }

        /// Whether names are defined; the list of all names is built only when a name is not declared.
        private final class NameList {
            let variables: VariableSpace
            /// The job whose bindings count as names too.
            let job: Evaluation?
            private(set) lazy var all: [String] = variables.names + (job?.variables.boundNames ?? [])
            private lazy var set = Set(all)

            init(variables: VariableSpace, job: Evaluation?) {
                self.variables = variables
                self.job = job
            }

            func isDefined(_ name: String) -> Bool {
                variables.declaration(of: name) != nil || set.contains(name)
            }
        }

        func all() -> [Hint] {
            var hints: [Hint] = []
            walk(finder.trace.nodes, parent: nil, inRegexPattern: false, into: &hints)
            return hints
        }

        private func walk(_ nodes: [TraceNode], parent: TraceNode?, inRegexPattern: Bool, into hints: inout [Hint]) {
            for node in nodes {
                switch node.kind {
                case .variableReference:
                    if let hint = inRegexPattern ? regexReference(node) : undefinedVariable(node) { hints.append(hint) }
                case .functionCall:
                    if let hint = inRegexPattern ? regexReference(node) : unknownFunction(node) { hints.append(hint) }
                case .subreference:
                    if let parent, let hint = dictionaryProperty(node, of: parent) { hints.append(hint) }
                default:
                    break
                }
                if node.kind == .functionCall, isRegexFunction(node) {
                    let groups = node.children.filter { $0.kind == .parameterGroup }
                    for (index, group) in groups.enumerated() {
                        walk(group.children, parent: group, inRegexPattern: index >= 1, into: &hints)
                    }
                    walk(
                        node.children.filter { $0.kind != .parameterGroup }, parent: node,
                        inRegexPattern: inRegexPattern,
                        into: &hints)
                } else {
                    walk(node.children, parent: node, inRegexPattern: inRegexPattern, into: &hints)
                }
            }
        }

        // MARK: undefined-variable

        private func undefinedVariable(_ node: TraceNode) -> Hint? {
            guard let name = node.name, !name.isEmpty, !name.contains(":"), !names.isDefined(name) else { return nil }
            if node.isInsideFunctionParameter, References.boundNames.contains(name) { return nil }
            if node.outcomes.contains(where: { $0.value != nil }) { return nil }
            let nearest = EditDistance.nearest(to: name, in: names.all)
            guard let best = nearest.first else {
                let isSimple = node.text == "$" + name
                return Hint(
                    code: .undefinedVariable, range: node.range,
                    message: "\(node.text) is not defined" + (isSimple ? "; for a literal $ write $$" : ""),
                    replacement: isSimple ? "$" + node.text : nil)
            }
            let names = nearest.map { "$" + $0 }
            let list =
                names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
            return Hint(
                code: .undefinedVariable, range: node.range,
                message: "\(node.text) is not defined; did you mean \(list)?",
                replacement: node.text.replacingOccurrences(of: name, with: best))
        }

        // MARK: unknown-function

        private func unknownFunction(_ node: TraceNode) -> Hint? {
            guard !node.isKnownFunction, let name = node.name else { return nil }
            let range = SourceRange(location: node.range.location, length: name.utf16.count + 1)
            guard !name.isEmpty else {
                return Hint(
                    code: .unknownFunction, range: range,
                    message: "^( calls a function without a name; for a literal ^ write ^^", replacement: "^^")
            }
            let nearest = EditDistance.nearest(to: name, in: finder.environment.functions.all.map(\.name))
            guard let best = nearest.first else {
                return Hint(code: .unknownFunction, range: range, message: "^\(name) is not a declared function")
            }
            return Hint(
                code: .unknownFunction, range: range,
                message: "^\(name) is not a declared function; did you mean "
                    + nearest.map { "^" + $0 }.joined(separator: ", ") + "?",
                replacement: "^" + best)
        }

        // MARK: dictionary-property

        private func dictionaryProperty(_ node: TraceNode, of parent: TraceNode) -> Hint? {
            guard node.text.hasPrefix("."), case .dictionary(let entries)? = node.receiver else {
                return nil
            }
            let key = String(node.text.dropFirst())
            guard entries[key] == nil else { return nil }
            let start = parent.range.location
            let receiverText = finder.slice(start, node.range.location)
            let range = SourceRange(location: start, length: node.range.upperBound - start)
            if let function = finder.environment.functions.definition(named: key), function.input == .object,
                function.category == .collection
            {
                let call = "^\(key)(\(receiverText))"
                return Hint(
                    code: .dictionaryProperty, range: range,
                    message: "\(receiverText) is a dictionary without the key \"\(key)\": .\(key) looks up a key; "
                        + "use \(call)",
                    replacement: call)
            }
            let nearest = EditDistance.nearest(to: key, in: Array(entries.keys))
            return Hint(
                code: .dictionaryProperty, range: range,
                message: "\(receiverText) is a dictionary without the key \"\(key)\""
                    + (nearest.isEmpty ? "" : "; did you mean ." + nearest.joined(separator: ", .") + "?"),
                replacement: nearest.first.map { receiverText + "." + $0 })
        }

        // MARK: regex-dollar

        private func isRegexFunction(_ node: TraceNode) -> Bool {
            guard let name = node.name else { return false }
            return finder.environment.functions.definition(named: name)?.category == .regex
        }

        /// A reference in a pattern that names nothing: the `$` or `^` was meant for the pattern.
        private func regexReference(_ node: TraceNode) -> Hint? {
            let isVariable = node.kind == .variableReference
            if isVariable, let name = node.name, names.isDefined(name) { return nil }
            if !isVariable, node.isKnownFunction { return nil }
            let symbol = isVariable ? "$" : "^"
            return Hint(
                code: .regexDollar, range: SourceRange(location: node.range.location, length: 1),
                message: "MBML reads \(symbol) in a regular expression first: write \(symbol)\(symbol) "
                    + "for the pattern's \(symbol)",
                replacement: symbol + symbol)
        }
    }
}
