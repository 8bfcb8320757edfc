import Foundation

#if os(Linux)
/// How much of a mapped file the process holds: the resident bytes of the mapping that starts at a
/// buffer's address, as `/proc/self/smaps` counts them (``MappedFileWindowTests``,
/// ``PassedPagesTests``).
enum MappingResidency {
    /// The resident bytes of the mapping that starts at `buffer`'s address, or nil when it is not found.
    static func residentBytes(of buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        // Read through the descriptor: the file's size says 0, which Foundation's readers believe.
        guard let base = buffer.baseAddress, let handle = FileHandle(forReadingAtPath: "/proc/self/smaps"),
            let data = try? handle.readToEnd()
        else { return nil }
        let smaps = String(decoding: data, as: UTF8.self)
        let start = String(UInt(bitPattern: base), radix: 16)
        var inMapping = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), line[..<dash].allSatisfy(\.isHexDigit) {
                inMapping = line[..<dash].drop(while: { $0 == "0" }) == start[...]
            } else if inMapping, line.hasPrefix("Rss:") {
                let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
                return kilobytes.map { $0 * 1024 }
            }
        }
        return nil
    }
}
#endif
