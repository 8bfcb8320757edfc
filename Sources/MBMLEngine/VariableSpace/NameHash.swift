/// The hash of a variable name in ``NamePositions``: names equal as Swift strings (canonically
/// equivalent) hash alike, and a name of ASCII bytes, nearly every name, is hashed from its bytes a
/// word at a time instead of through `String.hashValue` (SipHash over the normalized form, some
/// 250 instructions a name: most of what declaring a literal cost once its table was compact).
///
/// Why the byte path keeps string equality: ASCII text is its own normal form, so two names that
/// are equal and both ASCII have the same bytes. A name with other characters is equal to an ASCII
/// one only if each of its characters decomposes canonically to ASCII, and only three characters
/// do, each to one ASCII character (``asciiEquivalent(of:)``; `NamePositionsTests` checks that
/// against every Unicode scalar): such a name is hashed from the ASCII bytes it is equal to. Any
/// other name can equal no ASCII name and is hashed with `hashValue`, which equal strings share.
struct NameHash {
    /// Mixed into every byte hash: a table's hashes cannot be foreseen from the names alone.
    private let seed: UInt64

    init(seed: UInt64 = UInt64.random(in: .min ... .max)) {
        self.seed = seed
    }

    /// Which way a name is hashed.
    enum Path: Equatable {
        /// From its bytes (ASCII).
        case bytes
        /// From the ASCII bytes it is equal to (it holds a character that is canonically ASCII).
        case equivalentBytes
        /// With `String.hashValue`.
        case string
    }

    /// The name's hash, 32 bits.
    func hash(of name: String) -> UInt32 {
        hashAndPath(of: name).hash
    }

    /// The way `name` is hashed (tests check the byte path is taken).
    func path(of name: String) -> Path {
        hashAndPath(of: name).path
    }

    private func hashAndPath(of name: String) -> (hash: UInt32, path: Path) {
        if let hash = name.utf8.withContiguousStorageIfAvailable({ asciiHash(of: $0) }) ?? nil {
            return (hash, .bytes)
        }
        var equivalent: [UInt8] = []
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                equivalent.append(UInt8(truncatingIfNeeded: scalar.value))
            } else if let ascii = Self.asciiEquivalent(of: scalar) {
                equivalent.append(ascii)
            } else {
                let full = UInt64(UInt(bitPattern: name.hashValue))
                return (UInt32(truncatingIfNeeded: full ^ (full >> 32)), .string)
            }
        }
        // All ASCII bytes: the byte hash always answers.
        let hash = equivalent.withUnsafeBufferPointer { asciiHash(of: $0) } ?? 0
        return (hash, equivalent.count == name.utf8.count ? .bytes : .equivalentBytes)
    }

    /// The ASCII character a non-ASCII scalar is canonically equivalent to, if any: the Kelvin sign
    /// is `K`, the Greek question mark `;` and the Greek varia a grave accent (their canonical
    /// decompositions are these single characters; no other scalar decomposes to ASCII only).
    static func asciiEquivalent(of scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x212A: return UInt8(ascii: "K")
        case 0x037E: return UInt8(ascii: ";")
        case 0x1FEF: return UInt8(ascii: "`")
        default: return nil
        }
    }

    /// The hash of `bytes` read eight at a time, or nil when a byte is not ASCII.
    private func asciiHash(of bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        let count = bytes.count
        var hash = seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        var highBits: UInt64 = 0
        var offset = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while offset + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                highBits |= word
                hash = Self.mix(hash ^ word)
                offset += 8
            }
            if offset < count {
                var word: UInt64 = 0
                var shift: UInt64 = 0
                while offset < count {
                    word |= UInt64(base[offset]) << shift
                    shift += 8
                    offset += 1
                }
                highBits |= word
                hash = Self.mix(hash ^ word)
            }
        }
        guard highBits & 0x8080_8080_8080_8080 == 0 else { return nil }
        hash = Self.mix(hash)
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    /// A bijective scramble of 64 bits (a multiplication by an odd constant and a shift).
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* 0xBF58_476D_1CE4_E5B9
        return product ^ (product >> 31)
    }
}
