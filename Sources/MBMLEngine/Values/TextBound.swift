/// How much text a writer may make from one value (<doc:RunningUntrustedMBML>): the bound every
/// writer of the engine appends under (the property-list text of ``Value/text``, the JSON of
/// ``JSONCodec``), so that no text is built whole and cut afterwards.
///
/// A writer asks ``isSpent(by:)`` before each element of a collection and takes at most ``room(in:)``
/// bytes of a leaf text: the output never holds much more than ``maximumBytes`` (the escapes of the
/// last leaf at most), however many times a large text is referred to. With a `shouldStop` check, the
/// writer also stops when it says so (asked every 1,024 elements: a deadline, a cancellation).
struct TextBound {
    /// Past this many bytes, the output is exhausted.
    let maximumBytes: Int
    private let shouldStop: (() -> Bool)?
    private var elementsSinceCheck = 0
    /// Set once the output passed ``maximumBytes`` or `shouldStop` said to stop: the text is cut.
    private(set) var isExhausted = false

    init(maximumBytes: Int, shouldStop: (() -> Bool)? = nil) {
        self.maximumBytes = max(0, maximumBytes)
        self.shouldStop = shouldStop
    }

    /// No bound: the whole text.
    static var unbounded: TextBound { TextBound(maximumBytes: .max) }

    /// A preview's bound: room for `characters` characters of up to four UTF-8 bytes each.
    static func preview(characters: Int) -> TextBound {
        TextBound(maximumBytes: characters < Int.max / 4 ? 4 * max(0, characters) : .max)
    }

    /// Whether the output is exhausted (asked before each element).
    mutating func isSpent(by output: [UInt8]) -> Bool {
        if output.count > maximumBytes { isExhausted = true }
        if let shouldStop {
            elementsSinceCheck += 1
            if elementsSinceCheck == 1024 {
                elementsSinceCheck = 0
                if shouldStop() { isExhausted = true }
            }
        }
        return isExhausted
    }

    /// How many bytes of a leaf text may still be written: one past the bound, so that a cut text
    /// exhausts the output.
    func room(in output: [UInt8]) -> Int {
        maximumBytes == .max ? .max : max(0, maximumBytes - output.count) &+ 1
    }

    /// Marks the output exhausted (a leaf text longer than the bound was cut).
    mutating func markExhausted() {
        isExhausted = true
    }

    /// Notes that `output` may have passed the bound (after a leaf was written).
    mutating func note(_ output: [UInt8]) {
        if output.count > maximumBytes { isExhausted = true }
    }
}
