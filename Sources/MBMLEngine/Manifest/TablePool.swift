import Synchronization

/// The tables of pieces that are done with, kept for the next piece to fill again.
///
/// The pieces of a large manifest (``XMLPieceStream``) are parsed and gathered one after another
/// into tables of about the same size, and each piece is done with once declared. Fresh tables cost
/// a page fault for every 4 KiB written and an `munmap` when freed; tables filled again cost
/// neither. A piece's document gives its records here when it goes (``XMLSourceDocument`` made
/// with a pool) and the next parse takes them (``XMLTreeBuilder`` empties them, keeping their
/// room); the loading thread gives back the literals it declared (``PreparedPiece``).
final class TablePool<Tables: Sendable>: Sendable {
    private let kept: Mutex<[Tables]>
    /// The most tables kept at once; more are freed.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        kept = Mutex([])
    }

    /// Tables to fill again, if any are kept.
    func take() -> Tables? {
        kept.withLock { $0.popLast() }
    }

    /// Keeps `tables` for a later piece, unless ``limit`` tables are kept already.
    func give(_ tables: Tables) {
        kept.withLock { kept in
            if kept.count < limit { kept.append(tables) }
        }
    }
}
