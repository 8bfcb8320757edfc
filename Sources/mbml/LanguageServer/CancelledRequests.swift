import Foundation

/// The ids of requests the client cancelled (`$/cancelRequest`). The session's reader thread adds an
/// id the moment the notification arrives; the thread answering requests asks, during an
/// evaluation, whether its request is among them, and answers a cancelled one with
/// `RequestCancelled` (-32800).
///
/// `@unchecked Sendable`: every access to `ids` holds `lock`.
final class CancelledRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: [JSONValue] = []

    /// Marks `id` as cancelled (the most recent 1,000 are kept).
    func cancel(_ id: JSONValue) {
        lock.lock()
        defer { lock.unlock() }
        ids.append(id)
        if ids.count > 1_000 { ids.removeFirst(ids.count - 1_000) }
    }

    /// Whether the request `id` was cancelled.
    func contains(_ id: JSONValue) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return ids.contains(id)
    }

    /// Forgets `id` once its request is answered.
    func forget(_ id: JSONValue) {
        lock.lock()
        defer { lock.unlock() }
        ids.removeAll { $0 == id }
    }

    /// The id a `$/cancelRequest` body names, or nil when `body` is something else.
    static func cancelledID(in body: Data) -> JSONValue? {
        guard let json = try? JSONValue(parsing: body), json["method"]?.stringValue == "$/cancelRequest" else {
            return nil
        }
        return json["params"]?["id"]
    }
}
