import Foundation

/// `y f`: writes a value's text to a new file, never over an existing one (`name.json`, then
/// `name-2.json`, ...).
enum ValueFile {
    /// - Returns: the status message: where it went, or why it could not be written.
    static func write(_ text: String, suggestedName: String, in directory: URL) -> String {
        let base = (suggestedName as NSString).deletingPathExtension
        let ext = (suggestedName as NSString).pathExtension
        for attempt in 1...1000 {
            let name = attempt == 1 ? suggestedName : "\(base)-\(attempt).\(ext)"
            let url = directory.appendingPathComponent(name)
            // O_EXCL: fails when the file exists, so nothing is ever overwritten.
            let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                return "Could not write \(url.path): \(String(cString: strerror(errno)))"
            }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            let data = Data(text.utf8)
            do {
                try handle.write(contentsOf: data)
                try handle.close()
            } catch {
                return "Could not write \(url.path): \(error.localizedDescription)"
            }
            return "Wrote \(data.count) bytes to ./\(name)"
        }
        return "Could not find a free name for \(suggestedName) in \(directory.path)"
    }
}
