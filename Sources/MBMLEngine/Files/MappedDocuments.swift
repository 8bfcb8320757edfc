import Synchronization

/// The documents an environment's data files were mapped into (``DataFileReading/mapped``): what
/// ``Environment/checkMappedDataUnchanged()`` checks, without a walk over the variables (a
/// manifest may declare a hundred thousand). Kept for the environment's life: a variable declared
/// again leaves the file mapped, and checked, until the environment goes.
final class MappedDocuments: Sendable {
    private let documents = Mutex<[JSONDocument]>([])

    init() {}

    /// Records `value`'s document if it is a mapped file.
    func record(_ value: Value) {
        // A JSON Lines file's records are a selection of its document, with no node of their own.
        guard let document = value.jsonNode?.document ?? value.elements?.viewedDocument, document.isMapped else {
            return
        }
        record(document)
    }

    private func record(_ document: JSONDocument) {
        documents.withLock { documents in
            if !documents.contains(where: { $0 === document }) { documents.append(document) }
        }
    }

    /// Every document recorded.
    var all: [JSONDocument] { documents.withLock { $0 } }

    /// Records what `other` recorded (an environment's copy maps nothing again).
    func record(contentsOf other: MappedDocuments) {
        other.all.forEach(record)
    }
}
