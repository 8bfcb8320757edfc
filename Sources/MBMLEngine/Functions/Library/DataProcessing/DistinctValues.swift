extension DataProcessingFunctions {
    /// The distinct values one range of a distinct list (``distinctList(_:)``) has met, in the order
    /// they first occurred, each with its hash (for the merge of the ranges).
    ///
    /// Strings are kept by their UTF-8 bytes (``DistinctTexts``): a string read from a document's
    /// text whose bytes are its value (``insertText(_:)``) is looked up without being made into a
    /// `String`, which is made only for a string not met before. Other values are kept by
    /// ``Value``'s `==`, which never makes a string equal to a value of another kind, so the two
    /// sets hold the distinct values of ``Value``'s `==` between them.
    struct DistinctValues {
        /// The distinct values, in the order they first occurred.
        private(set) var distinct: [HashedValue] = []
        private var texts = DistinctTexts()
        private var others = Set<HashedValue>()

        /// Adds `value` unless an equal value is kept.
        mutating func insert(_ value: Value) {
            guard case .string(var text) = value else {
                let candidate = HashedValue(value)
                if others.insert(candidate).inserted { distinct.append(candidate) }
                return
            }
            let isNew = text.withUTF8 { texts.insert($0) }
            if isNew { distinct.append(HashedValue(value)) }
        }

        /// Adds the string whose UTF-8 bytes are `bytes` unless it is kept.
        mutating func insertText(_ bytes: UnsafeBufferPointer<UInt8>) {
            if texts.insert(bytes) { distinct.append(HashedValue(.string(String(decoding: bytes, as: UTF8.self)))) }
        }
    }
}
