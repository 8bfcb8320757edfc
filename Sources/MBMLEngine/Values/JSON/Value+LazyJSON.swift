extension Value {
    /// An ``json(_:)`` value as the array or dictionary it stands for, its members decoded one level
    /// (nested containers stay lazy); any other value as it is.
    public var decodedOneLevel: Value {
        guard case .json(let node) = self else { return self }
        return node.isArray ? .array(node.elements()) : .dictionary(node.entries())
    }

    /// The value as code that visits its children one by one should hold it: a lazily read container
    /// decoded one level, so that each child is decoded once, except a large array (over 10,000
    /// elements), whose elements the document's index finds one at a time without decoding them all.
    public var openedForWalking: Value {
        guard case .json(let node) = self, !node.isArray || node.count <= 10_000 else { return self }
        return decodedOneLevel
    }

    /// The value with every ``json(_:)`` inside it decoded: exactly what reading the whole JSON text
    /// would have built. Values without lazy parts come back as they are.
    public var materialized: Value {
        switch self {
        case .json(let node):
            return node.materialized()
        case .array(let elements):
            guard elements.contains(where: \.holdsLazyJSON) else { return self }
            return .array(elements.map(\.materialized))
        case .set(let members):
            guard members.contains(where: \.holdsLazyJSON) else { return self }
            return .set(members.map(\.materialized))
        case .dictionary(let entries):
            guard entries.values.contains(where: \.holdsLazyJSON) else { return self }
            return .dictionary(entries.mapValues(\.materialized))
        default:
            return self
        }
    }

    /// The bytes of JSON text that ``materialized`` decodes: what decoding charges to an evaluation's
    /// memory budget (twice this: values take about twice their text).
    var lazyJSONByteCount: Int {
        switch self {
        case .json(let node): return node.byteCount
        case .array(let elements), .set(let elements): return elements.reduce(0) { $0 + $1.lazyJSONByteCount }
        case .dictionary(let entries): return entries.values.reduce(0) { $0 + $1.lazyJSONByteCount }
        default: return 0
        }
    }

    /// ``materialized``, charged to `meter` first (about twice the text it decodes).
    /// - Throws: ``MemoryBudgetExceeded`` when that passes the evaluation's budget.
    func materialized(chargingTo meter: EvaluationMeter?) throws -> Value {
        guard holdsLazyJSON else { return self }
        try meter?.charge(2 * lazyJSONByteCount)
        return materialized
    }

    /// Whether a ``json(_:)`` value is anywhere inside this one.
    var holdsLazyJSON: Bool {
        switch self {
        case .json: return true
        case .array(let elements), .set(let elements): return elements.contains(where: \.holdsLazyJSON)
        case .dictionary(let entries): return entries.values.contains(where: \.holdsLazyJSON)
        default: return false
        }
    }
}
