import Foundation
import OrderedCollections

/// Recursive-descent JSON reader over UTF-8 bytes.
///
/// It makes one pass over the bytes and builds values directly: the elements of open containers
/// wait on one ``ValueStack`` and are moved into their array or dictionary when it closes; objects
/// share their keys through ``ObjectShapes``. When given a `release` function (data files read
/// into memory of their own), it hands back the bytes it has read, a megabyte at a time, so the
/// file's text and its values are not both held in full.
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let tagged: Bool
    let maximumDepth: Int
    /// Whether a number literal a `Double` cannot hold (`1e400` overflows to infinity, `1e-400`
    /// underflows to zero) is an error rather than read as infinity or zero. Expectation files ask
    /// for it: an expected `1e400` would otherwise read as infinity.
    var rejectsUnrepresentableNumbers = false
    var position = 0
    var depth = 0
    var shapes = ObjectShapes()
    /// Short texts read before, whose values are shared when they come again.
    var repeated = RepeatedTexts()
    /// How often strings, arrays and objects repeat, so that kinds that do not are not looked up.
    private var repeatedStrings = RepetitionTally(), repeatedArrays = RepetitionTally(),
        repeatedObjects = RepetitionTally()
    private let stack = ValueStack()
    private var keys: [String] = []
    /// Gives back the bytes of a range the reader is done with (its bounds are multiples of
    /// ``releaseGranule``), or nil to keep them.
    private let release: ((Range<Int>) -> Void)?
    /// Where the reader next gives bytes back.
    private var nextRelease: Int
    /// Line accounting for the bytes given back, so that messages still have lines and columns.
    var forgotten = ForgottenText()
    /// Whether the members of the top-level container (the records of JSON Lines) are kept: when
    /// not, each is read and dropped, so that checking a large text for its first error takes the
    /// memory of one member (the container then reads as empty). The reading, and so every
    /// message, is the same either way.
    var keepsTopLevelMembers = true

    /// How many bytes are given back at a time (a multiple of any page size).
    static let releaseGranule = 1 << 20

    init(
        bytes: UnsafeBufferPointer<UInt8>, tagged: Bool, maximumDepth: Int,
        release: ((Range<Int>) -> Void)? = nil
    ) {
        self.bytes = bytes
        self.tagged = tagged
        self.maximumDepth = maximumDepth
        self.release = release
        nextRelease = release == nil ? Int.max : Self.releaseGranule * 2
    }

    mutating func readDocument() throws -> Value {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < bytes.count else { throw error("Expected a JSON value, found the end of the input") }
        let value = try readValue()
        skipWhitespace()
        if position < bytes.count { throw error("Unexpected \(describeCurrent()) after the JSON value") }
        return value
    }

    mutating func readValue() throws -> Value {
        guard position < bytes.count else { throw error("Expected a value, found the end of the input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return try readStringValue()
        case UInt8(ascii: "t"): try readWord("true"); return .boolean(true)
        case UInt8(ascii: "f"): try readWord("false"); return .boolean(false)
        case UInt8(ascii: "n"): try readWord("null"); return .null
        case UInt8(ascii: "N") where tagged: try readWord("NaN"); return .double(.nan)
        case UInt8(ascii: "I") where tagged: try readWord("Infinity"); return .double(.infinity)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("Expected a value, found \(describeCurrent())")
        }
    }

    /// A string value: one read from the same text before when it is too long to be stored inline
    /// in a `String` but short enough to remember (see ``RepeatedTexts``).
    private mutating func readStringValue() throws -> Value {
        var end = position + 1
        let limit = min(bytes.count, position + RepeatedTexts.maximumLength)
        while end < limit, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        let length = end + 1 - position
        guard end < limit, bytes[end] == UInt8(ascii: "\""), length > 17, repeatedStrings.shouldLookUp() else {
            return .string(try readString())
        }
        let text = bytes[position..<end + 1]
        let (slot, known) = repeated.lookUp(text)
        repeatedStrings.record(hit: known != nil)
        if let known {
            position = end + 1
            return known
        }
        let value = Value.string(try readString())
        repeated.remember(value, for: text, in: slot)
        return value
    }

    private mutating func enterContainer() throws {
        depth += 1
        if depth > maximumDepth {
            throw error("Arrays and objects nested more than \(maximumDepth) levels deep")
        }
    }

    private mutating func readArray() throws -> Value {
        let start = position
        try enterContainer()
        position += 1
        let base = stack.count
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            position += 1
            depth -= 1
            return .array([])
        }
        while true {
            skipWhitespace()
            // Read first: `stack.push(try readValue())` would retain the stack around the read.
            let value = try readValue()
            if keepsTopLevelMembers || depth > 1 { stack.push(value) }
            skipWhitespace()
            if position >= nextRelease { releaseReadBytes() }
            if peek(UInt8(ascii: ",")) { position += 1; continue }
            if peek(UInt8(ascii: "]")) { position += 1; break }
            throw error("Expected ',' or ']' in an array, found \(describeCurrent())")
        }
        depth -= 1
        return shared(from: start, isArray: true) {
            .array($0.stack.popArray(from: base))
        } discarding: {
            $0.stack.discard(from: base)
        }
    }

    private mutating func readObject() throws -> Value {
        let start = position
        try enterContainer()
        position += 1
        let valueBase = stack.count
        let keyBase = keys.count
        let expected = shapes.expectedShape(atDepth: depth)
        var matchesExpected = expected != nil
        var matched = 0
        // Local copies: reading them per key would retain and release the shape's storage each time.
        let expectedKeys = expected?.keys ?? []
        let expectedRanges = expected?.rawRanges ?? []
        let expectedBytes = expected?.rawBytes ?? []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            position += 1
        } else {
            while true {
                skipWhitespace()
                guard peek(UInt8(ascii: "\"")) else {
                    throw error("Expected a string key in an object, found \(describeCurrent())")
                }
                // While the keys match the expected shape they are only counted; the first one
                // that does not match writes out those before it.
                if matchesExpected, matched < expectedRanges.count, let range = expectedRanges[matched],
                    skipKey(expectedBytes, range)
                {
                    matched += 1
                } else {
                    if matchesExpected {
                        matchesExpected = false
                        keys.append(contentsOf: expectedKeys[..<matched])
                    }
                    keys.append(try readString())
                }
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else {
                    throw error("Expected ':' after an object key, found \(describeCurrent())")
                }
                position += 1
                skipWhitespace()
                let value = try readValue()
                if keepsTopLevelMembers || depth > 1 {
                    stack.push(value)
                } else {
                    keys.removeLast(keys.count - keyBase)
                    matchesExpected = false
                }
                skipWhitespace()
                if position >= nextRelease { releaseReadBytes() }
                if peek(UInt8(ascii: ",")) { position += 1; continue }
                if peek(UInt8(ascii: "}")) { position += 1; break }
                throw error("Expected ',' or '}' in an object, found \(describeCurrent())")
            }
        }
        defer {
            keys.removeSubrange(keyBase...)
            depth -= 1
        }
        let isExpectedShape = matchesExpected && matched == (expected?.count ?? -1)
        if matchesExpected, !isExpectedShape { keys.append(contentsOf: expectedKeys[..<matched]) }
        return try shared(from: start, isArray: false) { reader in
            let entries: OrderedDictionary<String, Value>
            if isExpectedShape, let shape = expected {
                entries = shape.filled(from: reader.stack, base: valueBase)
            } else {
                entries = reader.shapes.dictionary(
                    keys: reader.keys[keyBase...], values: reader.stack.popArray(from: valueBase),
                    depth: reader.depth)
            }
            return reader.tagged ? try reader.untag(entries, at: start) : .dictionary(entries)
        } discarding: {
            $0.stack.discard(from: valueBase)
        }
    }

    /// The container (an array when `isArray`, else an object) that ends at the current position and
    /// began at `start`: the one read from the same text before if its text is short and came before (its own values are `discard`ed), or
    /// the one `build` makes (remembered when short).
    private mutating func shared(
        from start: Int, isArray: Bool,
        build: (inout JSONReader) throws -> Value,
        discarding discard: (inout JSONReader) -> Void
    ) rethrows -> Value {
        let length = position - start
        // A container that began before bytes were given back has lost part of its text.
        guard length <= RepeatedTexts.maximumLength, start >= forgotten.released,
            isArray ? repeatedArrays.shouldLookUp() : repeatedObjects.shouldLookUp()
        else { return try build(&self) }
        let text = bytes[start..<position]
        let (slot, known) = repeated.lookUp(text)
        if isArray { repeatedArrays.record(hit: known != nil) } else { repeatedObjects.record(hit: known != nil) }
        if let known {
            discard(&self)
            return known
        }
        let value = try build(&self)
        repeated.remember(value, for: text, in: slot)
        return value
    }

    /// Steps over the key at the current position (its opening quote) if it is exactly the bytes of
    /// `raw` at `range`.
    private mutating func skipKey(_ raw: [UInt8], _ range: Range<Int>) -> Bool {
        let end = position + 1 + range.count
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\""), let text = bytes.baseAddress else { return false }
        let same =
            range.isEmpty
            || raw.withUnsafeBufferPointer { expected in
                guard let key = expected.baseAddress else { return false }
                return memcmp(text + position + 1, key + range.lowerBound, range.count) == 0
            }
        if same { position = end + 1 }
        return same
    }

    /// Gives back whole granules below the current position.
    private mutating func releaseReadBytes() {
        let boundary = position - position % Self.releaseGranule
        if boundary > forgotten.offset, let release {
            forgotten.account(bytes, upTo: boundary)
            release(forgotten.released..<boundary)
            forgotten.released = boundary
        }
        nextRelease = position + Self.releaseGranule
    }

    /// Turns a one-key `$set`/`$date`/`$data`/`$number` object into its value and unescapes `$$` keys.
    func untag(_ entries: OrderedDictionary<String, Value>, at start: Int) throws -> Value {
        if entries.count == 1, let (tag, payload) = entries.elements.first {
            switch tag {
            case "$set":
                guard case .array(let members) = payload else { throw error("\"$set\" needs an array", at: start) }
                return Value.makeSet(members)
            case "$date":
                guard case .string(let text) = payload, let date = ISODate.date(from: text) else {
                    throw error("\"$date\" needs an ISO 8601 date string such as \"2015-02-03T04:05:06Z\"", at: start)
                }
                return .date(date)
            case "$data":
                guard case .string(let text) = payload, let data = Data(base64Encoded: text) else {
                    throw error("\"$data\" needs a base64 string", at: start)
                }
                return .data(data)
            case "$number":
                switch payload {
                case "Infinity": return .double(.infinity)
                case "-Infinity": return .double(-.infinity)
                case "NaN": return .double(.nan)
                default: throw error("\"$number\" needs \"Infinity\", \"-Infinity\" or \"NaN\"", at: start)
                }
            default:
                break
            }
        }
        guard entries.keys.contains(where: { $0.hasPrefix("$$") }) else { return .dictionary(entries) }
        var unescaped = OrderedDictionary<String, Value>()
        for (key, value) in entries {
            unescaped[key.hasPrefix("$$") ? String(key.dropFirst()) : key] = value
        }
        return .dictionary(unescaped)
    }
}
