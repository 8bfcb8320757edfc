import Foundation

/// A JSON data file to load into a variable: the `NAME=FILE.json` of `mbml --data`.
public struct DataFileSpec: Equatable, Sendable {
    /// The variable name, without `$`.
    public var name: String
    /// The file, as given (relative paths are resolved against the current directory when loading).
    public var path: String

    public init(name: String, path: String) {
        self.name = name
        self.path = path
    }

    /// Parses `NAME=FILE`. A leading `$` on the name is allowed and dropped.
    /// Names that are not identifiers (`my data`) are allowed: read them as `$(my data)`.
    /// - Throws: ``DataFileError/invalidSpecification(_:reason:)`` when the text has no `=` or an empty side.
    public init(parsing text: String) throws {
        guard let equals = text.firstIndex(of: "=") else {
            throw DataFileError.invalidSpecification(text, reason: "expected NAME=FILE.json")
        }
        var name = String(text[..<equals])
        if name.hasPrefix("$") { name.removeFirst() }
        let path = String(text[text.index(after: equals)...])
        guard !name.isEmpty else {
            throw DataFileError.invalidSpecification(text, reason: "the variable name is empty")
        }
        guard !path.isEmpty else { throw DataFileError.invalidSpecification(text, reason: "the file name is empty") }
        self.init(name: name, path: path)
    }

    /// The file's URL, relative paths resolved against `directory` (default: the current directory).
    public func url(relativeTo directory: URL? = nil) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        let base = directory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return base.appendingPathComponent(path).standardizedFileURL
    }

    /// Whether the file is read as JSON Lines (a `.jsonl` or `.ndjson` name): an array of its
    /// records, one a line.
    public var isJSONLines: Bool { Self.isJSONLinesName(path) }

    /// Whether `path` names a JSON Lines file (`.jsonl`, `.ndjson`, any case).
    public static func isJSONLinesName(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".jsonl") || lowered.hasSuffix(".ndjson")
    }

    /// Reads and decodes the file as plain JSON (JSON Lines for a `.jsonl` or `.ndjson` name),
    /// through the engine's file door: a regular file of at most `maximumSize` bytes
    /// (``FileLimits/data``), copied or mapped as `reading` says (``DataFileReading``: mapped only
    /// where nothing holds the file while it may change).
    /// - Throws: ``DataFileError``.
    public func load(
        relativeTo directory: URL? = nil, maximumSize: Int = FileLimits().data, reading: DataFileReading = .read
    ) throws -> Value {
        let url = url(relativeTo: directory)
        // Problems name the file as the user gave it (resolved only against another folder).
        let shown = directory == nil ? path : url.path
        // JSON, and JSON Lines, stay as their bytes and are decoded where they are read
        // (``JSONDocument``).
        do {
            if isJSONLines {
                return try JSONDocument.loadLines(path: url.path, maximumSize: maximumSize, reading: reading)
            }
            return try JSONDocument.load(path: url.path, maximumSize: maximumSize, reading: reading)
        } catch let error as JSONDecodingError {
            throw DataFileError.invalidJSON(path: shown, error)
        } catch {
            throw DataFileError.unreadable(
                path: shown, reason: String(describing: error).replacingOccurrences(of: url.path, with: shown))
        }
    }

    /// Reads the file and declares `$name` with its contents in `environment` (a plain, writable
    /// variable that replaces any earlier value).
    public func declare(in environment: Environment, relativeTo directory: URL? = nil) throws {
        let value = try load(
            relativeTo: directory, maximumSize: environment.options.fileLimits.data,
            reading: environment.options.dataFileReading)
        environment.mappedDocuments.record(value)
        environment.variables.declare(name, value: value)
    }
}

/// A data file that could not be used.
public enum DataFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `NAME=FILE` text is malformed.
    case invalidSpecification(String, reason: String)
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not valid JSON.
    case invalidJSON(path: String, JSONDecodingError)

    /// The error as a diagnostic: JSON errors at their line and column, the rest at `1:1` of the
    /// file (the specification text for a malformed `NAME=FILE`).
    public var diagnostic: Diagnostic {
        switch self {
        case .invalidSpecification(let text, let reason):
            return Diagnostic(file: text, line: 1, column: 1, message: "invalid data file specification: \(reason)")
        case .unreadable(let path, let reason):
            return Diagnostic(file: path, line: 1, column: 1, message: "cannot read data file: \(reason)")
        case .invalidJSON(let path, let error):
            return Diagnostic(file: path, line: error.line, column: error.column, message: error.message)
        }
    }

    /// `file:line:column: message` for JSON errors, a sentence otherwise.
    public var description: String {
        switch self {
        case .invalidSpecification(let text, let reason):
            return "invalid data file specification \"\(text)\": \(reason)"
        case .unreadable(let path, let reason):
            return "\(path): cannot read data file: \(reason)"
        case .invalidJSON(let path, let error):
            return "\(path):\(error.line):\(error.column): \(error.message)"
        }
    }
}
