import MBMLEngine
import Synchronization

/// The outline of one text (``MBMLEngine/ManifestOutline``), scanned once — by the first request
/// that needs it, or by the loading thread once the load is done — and shared by every request on
/// that text: document symbols, folding, links, inlay hints, declarations for a rename. A new text
/// of the document has a new cache.
final class OutlineCache: Sendable {
    private let outline = Mutex<ManifestOutline?>(nil)

    /// The outline of `text` (the text of the document this cache belongs to).
    func outline(of text: String) -> ManifestOutline {
        outline.withLock { outline in
            if let outline { return outline }
            let scanned = ManifestOutline(text: text)
            outline = scanned
            return scanned
        }
    }
}
