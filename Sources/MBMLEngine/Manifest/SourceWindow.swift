import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The part of a document's source that the parser's input buffer holds while it reports a start
/// tag, when the buffer holds the source's bytes (no encoding conversion): attribute values found
/// there are read from the source afterwards instead of being copied (``XMLTreeBuilder``).
///
/// A value with no reference and nothing to normalize is handed over where it lies in the input
/// buffer, which holds the source's bytes from the input's `consumed` count on. The bytes are
/// compared with the source's before that is relied on, and a value holding `&` (how the parser
/// hands over references and a literal `&`, which the tree decodes) is never taken, so a value read
/// from the source is always the one the parser handed over.
struct SourceWindow {
    private let base: UnsafePointer<xmlChar>
    private let end: UnsafePointer<xmlChar>
    /// The source's offset of `base`.
    private let consumed: Int
    private let source: UnsafeRawBufferPointer

    /// The window of `context`'s current input, or nil when its buffer does not hold the source's
    /// bytes.
    init?(_ context: xmlParserCtxtPtr, source: UnsafeRawBufferPointer) {
        guard let input = context.pointee.input, let base = input.pointee.base, let end = input.pointee.end,
            input.pointee.buf?.pointee.encoder == nil, source.baseAddress != nil
        else { return nil }
        self.base = base
        self.end = end
        self.consumed = Int(input.pointee.consumed)
        self.source = source
    }

    /// The offset in the source of the `count` bytes of a value at `value`, or nil when they must
    /// be copied.
    func offset(of value: UnsafePointer<xmlChar>, count: Int) -> Int? {
        guard value >= base, count <= end - value, let sourceBase = source.baseAddress else { return nil }
        let offset = consumed + (value - base)
        guard offset >= 0, count <= source.count - offset, memchr(value, 0x26, count) == nil,
            memcmp(sourceBase + offset, value, count) == 0
        else { return nil }
        return offset
    }
}
