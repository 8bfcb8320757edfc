/// The most common declaration, `<Var name="…" literal="…"/>` with no other attribute, declared a
/// run at a time (<doc:Manifests>): a manifest of a hundred thousand of them takes the variable
/// space's lock and the provenance table's once a run, not twice a declaration, and no
/// ``VariableProvenance`` is made for each.
///
/// What a run declares, logs and records is what ``ManifestLoadSession/declareVariable(_:)`` does
/// for each of its elements in turn: a read-write string variable, the redeclaration of a name
/// declared before (in the run too), and a `literal` provenance at the start tag.
struct PlainLiteralRun {
    /// How many declarations a run holds at most before it is declared (a stopped load then
    /// leaves at most this many elements to declare).
    static let limit = 4096

    private(set) var entries: [(name: String, text: String)] = []
    private(set) var elements: [XMLElementNode] = []

    var isEmpty: Bool { entries.isEmpty }
    var isFull: Bool { entries.count >= Self.limit }

    mutating func append(name: String, literal: String, element: XMLElementNode) {
        entries.append((name, literal))
        elements.append(element)
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        elements.removeAll(keepingCapacity: true)
    }
}

extension ManifestLoadSession {
    /// The name and literal of `element` when it is a top-level `<Var>` that only names a literal
    /// (the attributes `name`, non-empty, and `literal`, and nothing else); `varName` is the number
    /// of `Var` among its document's names.
    func plainLiteral(_ element: XMLElementNode, varName: UInt32?) -> (name: String, literal: String)? {
        guard let varName, element.nameNumber == varName, maximumVariableDepth >= 1 else { return nil }
        let attributes = element.attributes
        guard attributes.keys == Self.plainLiteralAttributes else { return nil }
        if let (name, literal) = attributes.values(ofOnly: .name, .literal) {
            return name.isEmpty ? nil : (name, literal)
        }
        // More attributes with these keys (`name` and a prefixed `x:name`): the first of each counts.
        guard let name = attributes[.name], !name.isEmpty, let literal = attributes[.literal] else { return nil }
        return (name, literal)
    }

    /// Declares the run's variables in order, logs each redeclaration and records their
    /// provenance; empties the run.
    func declare(_ run: inout PlainLiteralRun) {
        guard let first = run.elements.first else { return }
        let elements = run.elements
        let entries = run.entries
        environment.variables.declareStrings(entries) { position, old in
            logRedeclaration(of: entries[position].name, replacing: old, at: elements[position])
        }
        declarations += entries.count
        literalsDeclaredInRuns += entries.count
        var sites: [(name: String, line: Int32, column: Int32)] = []
        sites.reserveCapacity(entries.count)
        for (entry, element) in zip(entries, elements) {
            let position = element.position
            sites.append((entry.name, Int32(clamping: position.line), Int32(clamping: position.column)))
        }
        environment.recordLiteralProvenances(sites, file: first.document.path)
        run.removeAll()
    }
}
