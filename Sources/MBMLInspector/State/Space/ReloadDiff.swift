import MBMLEngine

/// What a reload changed, by variable: the top-level names whose value changed, appeared or went
/// away. Nested nodes are compared lazily, only for the rows on screen (``nodeChange(at:)``), so a
/// reload of a space of hundreds of thousands of nodes costs one comparison per top-level variable.
struct ReloadDiff: Equatable {
    enum Change: Equatable {
        case changed
        case added
        /// A new value that the edit did not cause: the variable reads the clock or chance
        /// (``VolatileValues``), so it is not counted as a change.
        case volatile
    }

    private(set) var changed: Set<String> = []
    private(set) var added: Set<String> = []
    private(set) var removed: [String] = []
    /// Variables with a new value that are volatile (``VolatileValues``): shown, not counted.
    private(set) var volatile: Set<String> = []
    /// The volatile variables of the new space, for the values still to be settled.
    private var volatileNames: Set<String> = []

    init() {}

    /// Compares two spaces. Variables still pending in `new` are left out (see ``settle(_:old:new:)``).
    init(old: VariableSnapshot, new: VariableSnapshot) {
        for name in new.names where !new.pending.contains(name) {
            settle(name, old: old, new: new)
        }
        let newNames = Set(new.names)
        removed = old.names.filter { !newNames.contains($0) }
    }

    /// Compares one variable (a dynamic one whose value just arrived). Returns its change, if any.
    @discardableResult
    mutating func settle(_ name: String, old: VariableSnapshot, new: VariableSnapshot) -> Change? {
        guard old.position(of: name) != nil else {
            added.insert(name)
            return .added
        }
        let before = old.value(of: name)
        let after = new.value(of: name)
        // Host objects ($Environment, $Platform) are live views, new with every environment.
        if case .object(let a)? = before, case .object(let b)? = after, a.typeName == b.typeName { return nil }
        let failedBefore = old.failures[name]
        let failedAfter = new.failures[name]
        guard before != after || failedBefore != failedAfter else { return nil }
        if volatileNames.contains(name) {
            volatile.insert(name)
            return .volatile
        }
        changed.insert(name)
        return .changed
    }

    /// Moves the changed variables among `names` (the volatile ones, ``VolatileValues``) out of
    /// the count; variables settled later are sorted the same way.
    mutating func separateVolatile(_ names: Set<String>) {
        volatileNames = names
        let moved = changed.intersection(names)
        changed.subtract(moved)
        volatile.formUnion(moved)
    }

    var isEmpty: Bool { changed.isEmpty && added.isEmpty && removed.isEmpty }

    /// `3 changed · 1 added · 0 removed`, then `· 2 volatile` when volatile variables moved on.
    var summary: String {
        "\(changed.count) changed · \(added.count) added · \(removed.count) removed"
            + (volatile.isEmpty ? "" : " · \(volatile.count) volatile")
    }

    /// The change at `path` (a node inside a changed variable is compared with the node at the
    /// same path before the reload).
    func nodeChange(at path: NodePath, old: VariableSnapshot, new: VariableSnapshot) -> Change? {
        guard case .variable(let name)? = path.first else { return nil }
        if added.contains(name) { return .added }
        if volatile.contains(name) { return .volatile }
        guard changed.contains(name) else { return nil }
        if path.count == 1 { return .changed }
        guard old.contains(path) else { return .added }
        return old.value(at: path) == new.value(at: path) ? nil : .changed
    }
}
