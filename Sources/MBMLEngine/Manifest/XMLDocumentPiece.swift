/// A piece of a document cut at the places ``XMLDocumentSplit`` finds, parsed as a document of its
/// own: the source before the first cut, between two cuts, or after the last, with the markup
/// that makes it whole (the XML declaration and the root's start tag before it, the root's end tag
/// after it). The one way a piece is read, for the halves of ``XMLSourceDocument/parseInHalves(_:path:near:)``
/// and the pieces of ``XMLPieceStream``.
struct XMLDocumentPiece {
    /// The cut the piece starts at; nil: it starts where the document does.
    let start: XMLDocumentSplit?
    /// The cut the piece ends at; nil: it ends where the document does.
    let end: XMLDocumentSplit?

    /// What libxml2 made of a piece it parsed without a word (no error, no warning).
    struct Parsed {
        var records: XMLDocumentRecords
        /// Whether the root's content ends with text the builder kept (``XMLTreeBuilder/rootEndsWithText``):
        /// a piece followed by another that ends so does not stand for its part of the whole.
        var rootEndsWithText: Bool
        /// What to add to an offset in the bytes the builder read values from to make it the
        /// offset in the document's source.
        var sourceOffset: Int
        /// The line feeds the added start holds (the piece's lines count them).
        var linesAdded: Int
    }

    /// The piece's bytes in `source` (without what is added).
    func range(in source: UnsafeRawBufferPointer) -> Range<Int> {
        (start?.cut ?? 0)..<(end?.cut ?? source.count)
    }

    /// Parses the piece of `source`, with tables sized for a document of `documentSize` bytes.
    /// Nil when libxml2 refused it or reported anything about it, or it holds no element.
    ///
    /// The builder reads values and positions by their offset in the bytes the parser read: the
    /// source seen from the added start's length before the cut holds the same bytes at the same
    /// offsets from the cut on. The builder compares bytes before it takes a value from there, and
    /// the root's own attributes, which come from the added start, are never read from a later
    /// piece.
    ///
    /// - Parameter tables: the tables of a document done with, to fill again (``TablePool``).
    func parse(
        _ source: UnsafeRawBufferPointer, path: String, roomFor documentSize: Int,
        reusing tables: consuming XMLDocumentRecords? = nil
    ) -> Parsed? {
        var tables = consume tables
        let added = start.map { $0.secondHalfStart(in: source) } ?? []
        let ending = end.map { $0.firstHalfEnd(in: source) } ?? []
        let body = UnsafeRawBufferPointer(rebasing: source[range(in: source)])
        let sourceOffset = (start?.cut ?? 0) - added.count
        let seen = UnsafeRawBufferPointer(rebasing: source[sourceOffset...])
        let built = added.withUnsafeBytes { added in
            ending.withUnsafeBytes { ending in
                XMLSourceDocument.build(
                    SourceReader(added, then: body, then: ending), source: seen, path: path, mode: .strict,
                    documentSize: documentSize, reusing: tables.take())
            }
        }
        guard var builder = built?.builder, built?.parsed == true, builder.errors.isEmpty, !builder.elements.isEmpty
        else { return nil }
        let linesAdded = added.withUnsafeBytes { LineFeeds.count(in: $0) }
        return Parsed(
            records: builder.takeRecords(), rootEndsWithText: builder.rootEndsWithText, sourceOffset: sourceOffset,
            linesAdded: linesAdded)
    }
}
