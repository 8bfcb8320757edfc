/// An ASCII needle searched for byte by byte in a string's UTF-8, folding ASCII case when asked:
/// a linear scan with no copy of the haystack. Other bytes of the haystack (parts of non-ASCII
/// characters) never equal an ASCII byte, so a match is always a match of whole characters.
struct ASCIINeedle: Sendable {
    let bytes: [UInt8]
    let foldsCase: Bool

    /// Nil when `text` is not ASCII; with `foldsCase`, `text` is lower-cased.
    init?(_ text: String, foldsCase: Bool) {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        bytes = Array((foldsCase ? text.lowercased() : text).utf8)
        self.foldsCase = foldsCase
    }

    /// Whether `candidate` contains the needle.
    func isFound(in candidate: String) -> Bool {
        guard let first = bytes.first else { return true }
        var candidate = candidate
        return candidate.withUTF8 { haystack in
            let count = bytes.count
            guard haystack.count >= count else { return false }
            var start = 0
            while start <= haystack.count - count {
                if fold(haystack[start]) == first {
                    var offset = 1
                    while offset < count, fold(haystack[start + offset]) == bytes[offset] { offset += 1 }
                    if offset == count { return true }
                }
                start += 1
            }
            return false
        }
    }

    @inline(__always)
    private func fold(_ byte: UInt8) -> UInt8 {
        foldsCase && byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
