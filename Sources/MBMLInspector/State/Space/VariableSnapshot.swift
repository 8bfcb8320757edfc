import MBMLEngine

/// The variables of a loaded space, read once after each load: their names (in the order they
/// were declared, or sorted by name: ``ordered(byName:)``) and their values.
///
/// Values are immutable, so the snapshot can live in ``InspectorState`` and be walked by pure code
/// (tree rows, search, completion). Variables without a value (declared but unset) are listed
/// with a nil value.
struct VariableSnapshot: Sendable {
    /// The names in the order shown.
    let names: [String]
    /// The names in the order the space declared them (sorted by name when it was not given).
    let declarationOrder: [String]
    private var values: [String: Value]
    private let positions: [String: Int]
    /// Dynamic variables whose value is still being computed in the background.
    private(set) var pending: Set<String> = []
    /// Dynamic variables whose expression failed: the error message.
    private(set) var failures: [String: String] = [:]

    /// - Parameters:
    ///   - variables: name and value pairs (in declaration order when `declared`, else any order).
    ///   - pending: names whose values are computed later (see ``resolve(_:value:failure:)``).
    ///   - declared: whether `variables` come in the order they were declared (they are shown in
    ///     it); otherwise they are sorted by name.
    init(variables: [(String, Value?)], pending: Set<String> = [], declared: Bool = false) {
        var values: [String: Value] = [:]
        values.reserveCapacity(variables.count)
        for (name, value) in variables {
            if let value = value { values[name] = value }
        }
        let order: [String]
        if declared {
            var seen = Set<String>()
            order = variables.map(\.0).filter { seen.insert($0).inserted }
        } else {
            order = Set(variables.map(\.0)).sorted()
        }
        self.init(names: order, declarationOrder: order, values: values, pending: pending, failures: [:])
    }

    private init(
        names: [String], declarationOrder: [String], values: [String: Value], pending: Set<String>,
        failures: [String: String]
    ) {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(names.count)
        for (index, name) in names.enumerated() { positions[name] = index }
        self.names = names
        self.declarationOrder = declarationOrder
        self.values = values
        self.positions = positions
        self.pending = pending
        self.failures = failures
    }

    /// The same variables sorted by name, or in the order they were declared.
    func ordered(byName: Bool) -> VariableSnapshot {
        let order = byName ? declarationOrder.sorted() : declarationOrder
        guard order != names else { return self }
        return VariableSnapshot(
            names: order, declarationOrder: declarationOrder, values: values, pending: pending, failures: failures)
    }

    static let empty = VariableSnapshot(variables: [])

    /// Records the computed value (or the error) of a pending dynamic variable.
    mutating func resolve(_ name: String, value: Value?, failure: String?) {
        guard pending.remove(name) != nil else { return }
        values[name] = value
        failures[name] = failure
    }

    /// Gives up on every pending variable (the load was cancelled), recording `reason` as its failure.
    mutating func abandonPending(reason: String) {
        for name in pending { failures[name] = reason }
        pending.removeAll()
    }

    /// The value of a top-level variable.
    func value(of name: String) -> Value? {
        values[name]
    }

    /// The position of a top-level variable in ``names``.
    func position(of name: String) -> Int? {
        positions[name]
    }

    /// The value at `path`, or nil when the path no longer leads anywhere.
    func value(at path: NodePath) -> Value? {
        guard case .variable(let name)? = path.first, var current = values[name] else { return nil }
        for component in path.dropFirst() {
            guard let next = TreeNode.value(current).childValue(component) else { return nil }
            current = next
        }
        return current
    }

    /// Whether `path` names a node that exists (a variable without a value exists).
    func contains(_ path: NodePath) -> Bool {
        guard case .variable(let name)? = path.first, positions[name] != nil else { return false }
        return path.count == 1 || value(at: path) != nil
    }
}
