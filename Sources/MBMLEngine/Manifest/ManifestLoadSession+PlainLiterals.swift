/// The most common declaration, `<Var name="…" literal="…"/>` with no other attribute, declared a
/// run at a time (<doc:Manifests>): a manifest of a hundred thousand of them takes the variable
/// space's lock and the provenance table's once a run, not twice a declaration, and no
/// ``VariableProvenance`` is made for each.
///
/// What a run declares, logs and records is what ``ManifestLoadSession/declareVariable(_:)`` does
/// for each of its elements in turn: a read-write string variable, the redeclaration of a name
/// declared before (in the run too), and a `literal` provenance at the start tag.
struct PlainLiteralRun: Sendable {
    /// How many declarations a run holds at most before it is declared (a stopped load then
    /// leaves at most this many elements to declare).
    static let limit = 4096

    /// The declarations gathered, in order: those from ``start`` on are the run; those before it
    /// were declared already. The arrays are emptied only when they hold ``limit`` declarations, so
    /// that a manifest whose plain literals come a few at a time between other declarations does
    /// not empty (and take apart) three arrays for every few declarations.
    private(set) var names: [String] = []
    private(set) var texts: [String] = []
    private(set) var elements: [XMLElementNode] = []
    /// Each declaration's start tag, as the provenance table records it.
    private(set) var positions: [(line: Int32, column: Int32)] = []
    /// Where the run starts in the arrays.
    private(set) var start = 0

    /// A run with room for `count` declarations (at most ``limit``), such as a file's number of
    /// top-level elements: the arrays are not copied again and again as they grow.
    init(reservingFor count: Int = 0) {
        let capacity = min(max(0, count), Self.limit)
        names.reserveCapacity(capacity)
        texts.reserveCapacity(capacity)
        elements.reserveCapacity(capacity)
        positions.reserveCapacity(capacity)
    }

    /// Makes room for `count` declarations in all (a run that is not emptied as it goes).
    mutating func reserveCapacity(_ count: Int) {
        names.reserveCapacity(count)
        texts.reserveCapacity(count)
        elements.reserveCapacity(count)
        positions.reserveCapacity(count)
    }

    var isEmpty: Bool { start == names.count }
    var isFull: Bool { names.count - start >= Self.limit }

    mutating func append(name: String, literal: String, element: XMLElementNode) {
        names.append(name)
        texts.append(literal)
        elements.append(element)
        let position = element.position
        positions.append((Int32(clamping: position.line), Int32(clamping: position.column)))
    }

    /// Ends the run (its declarations were made): the next one starts after it.
    mutating func removeAll() {
        guard names.count >= Self.limit else {
            start = names.count
            return
        }
        emptyKeepingRoom()
    }

    /// Empties the arrays, keeping their room (a run filled again, ``TablePool``).
    mutating func emptyKeepingRoom() {
        names.removeAll(keepingCapacity: true)
        texts.removeAll(keepingCapacity: true)
        elements.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        start = 0
    }
}

extension ManifestLoadSession {
    /// The name and literal of `element` when it is a top-level `<Var>` that only names a literal
    /// (the attributes `name`, non-empty, and `literal`, and nothing else); `varName` is the number
    /// of `Var` among its document's names.
    func plainLiteral(_ element: XMLElementNode, varName: UInt32?) -> (name: String, literal: String)? {
        Self.plainLiteral(element, varName: varName, maximumVariableDepth: maximumVariableDepth)
    }

    /// ``plainLiteral(_:varName:)`` where `<Var>`s may nest `maximumVariableDepth` deep (any
    /// thread may ask).
    static func plainLiteral(
        _ element: XMLElementNode, varName: UInt32?, maximumVariableDepth: Int
    ) -> (name: String, literal: String)? {
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
        guard !run.isEmpty else { return }
        declare(run, in: run.start..<run.names.count)
        run.removeAll()
    }

    /// Declares the variables of `run` in `range` in order, logs each redeclaration and records
    /// their provenance.
    func declare(_ run: PlainLiteralRun, in range: Range<Int>) {
        guard !range.isEmpty else { return }
        environment.variables.declareStrings(run.names[range], texts: run.texts[range]) { position, old in
            logRedeclaration(of: run.names[position], replacing: old, at: run.elements[position])
        }
        declarations += range.count
        literalsDeclaredInRuns += range.count
        environment.recordLiteralProvenances(
            names: run.names[range], positions: run.positions[range], file: run.elements[range.lowerBound].document.path
        )
    }
}
