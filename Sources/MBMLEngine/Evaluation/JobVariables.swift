/// What one job (an ``Evaluation``) keeps of variables for itself: the per-item bindings of the
/// functions it runs (`$item`, `$key`, `$currentValue`, a host's bindings), the dynamic variables it
/// is computing, and its scopes.
///
/// They live with the job, not in the shared ``VariableSpace``: two jobs iterating over one space
/// at once (the inspector's tree, its pins and its editor on three threads) never see each other's
/// `$item`, and nothing about a job is kept in a table by thread.
struct JobVariables {
    /// The bindings in force, innermost last.
    private(set) var bindings: [(name: String, value: Value?)] = []
    /// The dynamic variables being computed, innermost last: a read of one of them from its own
    /// expression is a re-entry, which reads as nil.
    var computing: [String] = []
    /// The names set in each scope (``VariableSpace/enterScope(within:)``), innermost last.
    var scopes: [[String]] = []

    /// The innermost binding of `name`: `.some(value)` when it is bound (a nil value hides the
    /// variable), nil when it is not.
    func binding(of name: String) -> Value?? {
        // Bindings are few (one or two per function call that iterates), so a backward scan is
        // cheaper than any table.
        for index in bindings.indices.reversed() where bindings[index].name == name {
            return .some(bindings[index].value)
        }
        return nil
    }

    /// The names bound now, each once, innermost first.
    var boundNames: [String] {
        var seen = Set<String>()
        return bindings.reversed().compactMap { seen.insert($0.name).inserted && $0.value != nil ? $0.name : nil }
    }

    /// True while a function of the job iterates: a dynamic variable read now may depend on the
    /// items bound, so its value is not shared.
    var hasBindings: Bool { !bindings.isEmpty }

    mutating func bind(_ name: String, to value: Value?) {
        bindings.append((name, value))
    }

    mutating func unbind(count: Int) {
        bindings.removeLast(min(count, bindings.count))
    }
}

extension Evaluation {
    /// Runs `body` with `bindings` (per-item variables such as `$item`) in force for this job only,
    /// removing them afterwards even when `body` throws. A binding shadows a read-only or dynamic
    /// variable of the same name; a nil value hides the variable. Other jobs reading the same space
    /// at the same time do not see them.
    public func withBindings<T>(_ bindings: [(String, Value?)], _ body: () throws -> T) rethrows -> T {
        try withItemBindings(bindings, body)
    }

    /// ``withBindings(_:_:)`` for a function's per-item bindings.
    func withItemBindings<T>(_ bindings: [(String, Value?)], _ body: () throws -> T) rethrows -> T {
        for (name, value) in bindings { variables.bind(name, to: value) }
        defer { variables.unbind(count: bindings.count) }
        return try body()
    }

    /// ``withBindings(_:_:)`` for a top-level item of a data model (`^list`): `$item` and `$root`
    /// bound to `item`, and `$key` and `$rootKey` to `key` when there is one — the bindings of
    /// ``CollectionSupport/Entry/rootBindings``, in that order, without building a list of them
    /// for every item.
    func withRootItem<T>(_ item: Value, key: String?, _ body: () throws -> T) rethrows -> T {
        variables.bind("item", to: item)
        variables.bind("root", to: item)
        if let key {
            let key = Value.string(key)
            variables.bind("key", to: key)
            variables.bind("rootKey", to: key)
        }
        defer { variables.unbind(count: key == nil ? 2 : 4) }
        return try body()
    }

    /// ``withBindings(_:_:)`` for one item of a collection: `$item` bound to `item`, and `$key` to
    /// `key` when there is one (otherwise an enclosing `$key` stays visible), without building a list
    /// of bindings for every item.
    public func withItem<T>(_ item: Value, key: String?, _ body: () throws -> T) rethrows -> T {
        variables.bind("item", to: item)
        if let key { variables.bind("key", to: .string(key)) }
        defer { variables.unbind(count: key == nil ? 1 : 2) }
        return try body()
    }
}
