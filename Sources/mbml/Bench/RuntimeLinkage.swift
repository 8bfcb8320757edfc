import Foundation

/// How this executable was linked to the Swift runtime, for `mbml bench`'s header: the peak-memory
/// figures depend on it (shared libraries add about 6 MB to every process).
enum RuntimeLinkage: String {
    case staticallyLinked = "Swift runtime and Foundation linked in (--static-swift-stdlib)"
    case shared = "Swift runtime from shared libraries (build with --static-swift-stdlib for the README's figures)"
    case unknown = "Swift runtime linkage unknown"

    /// Whether `libswiftCore.so` is mapped into this process.
    static var current: RuntimeLinkage {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return .unknown }
        return maps.contains("/libswiftCore.so") ? .shared : .staticallyLinked
    }
}
