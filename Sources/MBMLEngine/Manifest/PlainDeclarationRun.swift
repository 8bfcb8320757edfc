/// A top-level `<Var>` whose value is known without evaluating anything (<doc:Manifests>): what
/// ``ManifestLoadSession/declareVariable(_:)`` would declare for it, read on whatever thread
/// gathered the element.
///
/// Four shapes are plain, each with exactly these attributes and no other:
/// - `<Var name="…" literal="…"/>`: the literal (``VariableProvenance/Kind/literal``);
/// - `<Var name="…" value="…"/>` whose value holds none of the object context's markers (the
///   constant shortcut, <doc:ContextsAndCoercions>): the text itself (``VariableProvenance/Kind/value``,
///   the text as its expression);
/// - `<Var name="…" type="list">` whose child elements are each `<Var literal="…"/>`: the list of
///   the literals (``VariableProvenance/Kind/list``);
/// - `<Var name="…" type="map">` whose child elements are each `<Var name="…" literal="…"/>`: the
///   map of them, a later key replacing an earlier one's value (``VariableProvenance/Kind/map``).
///
/// Each is a read-write concrete variable, and none draws a warning.
struct PlainDeclaration {
    var name: String
    var value: Value
    var kind: VariableProvenance.Kind
}

/// What a load takes as plain (``PlainDeclaration``), read once from the session so that any
/// thread may classify elements.
struct PlainDeclarationRules: Sendable {
    /// How deeply `<Var>`s may nest: a top-level `<Var>` needs 1, a list's or map's children 2.
    var maximumVariableDepth: Int
    /// Whether `value` texts are taken without an evaluation (the session answers constants and
    /// nothing is traced).
    var takesValues: Bool
}

/// Plain declarations (``PlainDeclaration``) declared a run at a time (<doc:Manifests>): a manifest
/// of a hundred thousand of them takes the variable space's lock and the provenance table's once
/// a run, not twice a declaration, and no ``VariableProvenance`` is made for each.
///
/// What a run declares, logs and records is what ``ManifestLoadSession/declareVariable(_:)`` does
/// for each of its elements in turn: a read-write concrete variable, the redeclaration of a name
/// declared before (in the run too), and a provenance at the start tag.
struct PlainDeclarationRun: Sendable {
    /// How many declarations a run holds at most before it is declared (a stopped load then
    /// leaves at most this many elements to declare).
    static let limit = 4096

    /// The declarations gathered, in order: those from ``start`` on are the run; those before it
    /// were declared already. The arrays are emptied only when they hold ``limit`` declarations, so
    /// that a manifest whose plain declarations come a few at a time between other declarations
    /// does not empty (and take apart) its arrays for every few declarations.
    private(set) var names: [String] = []
    private(set) var values: [Value] = []
    private(set) var kinds: [VariableProvenance.Kind] = []
    private(set) var elements: [XMLElementNode] = []
    /// Each declaration's start tag, as the provenance table records it.
    private(set) var positions: [(line: Int32, column: Int32)] = []
    /// Where the run starts in the arrays.
    private(set) var start = 0

    /// A run with room for `count` declarations (at most ``limit``), such as a file's number of
    /// top-level elements: the arrays are not copied again and again as they grow.
    init(reservingFor count: Int = 0) {
        reserveCapacity(min(max(0, count), Self.limit))
    }

    /// Makes room for `count` declarations in all (a run that is not emptied as it goes).
    mutating func reserveCapacity(_ count: Int) {
        names.reserveCapacity(count)
        values.reserveCapacity(count)
        kinds.reserveCapacity(count)
        elements.reserveCapacity(count)
        positions.reserveCapacity(count)
    }

    var isEmpty: Bool { start == names.count }
    var isFull: Bool { names.count - start >= Self.limit }

    mutating func append(_ declaration: PlainDeclaration, element: XMLElementNode) {
        names.append(declaration.name)
        values.append(declaration.value)
        kinds.append(declaration.kind)
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
        values.removeAll(keepingCapacity: true)
        kinds.removeAll(keepingCapacity: true)
        elements.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        start = 0
    }
}
