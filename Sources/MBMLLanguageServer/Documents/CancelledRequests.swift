import Foundation
import Synchronization

/// The ids of requests the client cancelled (`$/cancelRequest`). The session's reader thread adds an
/// id the moment the notification arrives; the thread answering requests asks, during an
/// evaluation, whether its request is among them, and answers a cancelled one with
/// `RequestCancelled` (-32800).
final class CancelledRequests: Sendable {
    private let ids = Mutex<[RequestID]>([])

    /// Marks `id` as cancelled (the most recent 1,000 are kept).
    func cancel(_ id: RequestID) {
        ids.withLock { ids in
            ids.append(id)
            if ids.count > 1_000 { ids.removeFirst(ids.count - 1_000) }
        }
    }

    /// Whether the request `id` was cancelled.
    func contains(_ id: RequestID) -> Bool {
        ids.withLock { $0.contains(id) }
    }

    /// Forgets `id` once its request is answered.
    func forget(_ id: RequestID) {
        ids.withLock { $0.removeAll { $0 == id } }
    }
}
