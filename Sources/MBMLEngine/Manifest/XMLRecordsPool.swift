import Synchronization

/// The tables of documents that are done with, kept for the next parse to fill again.
///
/// The pieces of a large manifest (``XMLPieceStream``) are parsed one after another into tables of
/// the same size, and each piece is done with once declared. Fresh tables cost a page fault for
/// every 4 KiB written and an `munmap` when freed; tables filled again cost neither: on the
/// 100,000-`<Var>` manifest, about 2,600 of the load's 4,000 page faults and 45 `munmap`s went.
/// A document gives its tables here when it goes (``XMLSourceDocument`` made with a pool), and a
/// parse takes them (``XMLTreeBuilder`` empties them, keeping their room).
final class XMLRecordsPool: Sendable {
    private let kept: Mutex<[XMLDocumentRecords]>
    /// The most tables kept at once; more are freed.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        kept = Mutex([])
    }

    /// Tables to fill again, if any are kept.
    func take() -> XMLDocumentRecords? {
        kept.withLock { $0.popLast() }
    }

    /// Keeps `records` for a later parse, unless ``limit`` tables are kept already.
    func give(_ records: XMLDocumentRecords) {
        kept.withLock { kept in
            if kept.count < limit { kept.append(records) }
        }
    }
}
