/// The byte classes of XML that manifest code reads on its own, beside libxml2 (the outline, the
/// tree builder's root text, the cut between a document's halves, a white-space edit): each is
/// defined here once.
enum XMLBytes {
    /// XML's white space (`S` in XML 1.0): space, tab, line feed, carriage return.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
