/// A project file (``ProjectFile``) that cannot be used: unreadable, not JSON, or JSON that says
/// something a project file does not allow. Its ``description`` is `file:line:column: message`, at
/// the key or value that is wrong (`1:1` when the file cannot be read at all).
public struct ProjectFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The project file's path.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The error as a loader diagnostic (what the language server shows and `mbml` prints).
    public var diagnostic: Diagnostic {
        Diagnostic(file: file, line: line, column: column, message: message)
    }

    /// `file:line:column: message`, safe to print.
    public var description: String { diagnostic.description }
}
