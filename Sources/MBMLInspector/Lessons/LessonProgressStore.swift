import Foundation

/// Where the progress of one lesson file is kept: a small JSON file under
/// `$XDG_STATE_HOME/mbml/lessons/` (default `~/.local/state/mbml/lessons/`), named after the lesson
/// file and a hash of its absolute path, so that two lesson files never share progress and the
/// same file keeps it whichever command opened it (`mbml tutorial`, `mbml inspect`).
///
/// Reading never fails: a missing, unreadable or corrupt file is no progress. Writing goes to a
/// temporary file in the same folder, then renames it over the old one, so that a crash leaves
/// either the old progress or the new.
struct LessonProgressStore: Equatable {
    /// The progress file.
    let url: URL

    /// The store of the lesson file at `lessonFile`, under `environment`'s state folder.
    init(lessonFile: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let path = lessonFile.standardizedFileURL.resolvingSymlinksInPath().path
        let name = lessonFile.deletingPathExtension().lastPathComponent.filter {
            $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_"
        }
        url = StateFolder.url(environment: environment)
            .appendingPathComponent("lessons", isDirectory: true)
            .appendingPathComponent("\(name.prefix(60))-\(Self.hash(path)).json")
    }

    init(url: URL) {
        self.url = url
    }

    /// The saved progress; none when the file is missing or cannot be read as progress.
    func load() -> LessonProgress {
        guard let data = try? Data(contentsOf: url),
            let progress = try? JSONDecoder().decode(LessonProgress.self, from: data)
        else { return LessonProgress() }
        return progress
    }

    /// Replaces the saved progress (temporary file, then rename).
    /// - Throws: when the folder cannot be created or the file written.
    func save(_ progress: LessonProgress) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(progress)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        try data.write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(code))])
        }
    }

    /// FNV-1a (64 bits) of `text`'s UTF-8, in hex: stable across runs and platforms.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
