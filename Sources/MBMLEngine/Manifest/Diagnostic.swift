/// A problem found while loading MBML files, with the place it was found.
///
/// Its ``description`` is the conventional `file:line:column: message` form that editors and
/// terminals recognise. Lines and columns are 1-based; columns count Unicode scalars (a tab is one
/// column). When a position is unknown (for example a file that could not be read) it is `1:1`.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    /// Whether the problem stopped something from loading (``error``) or is only worth a look
    /// (``warning``).
    public enum Severity: String, Sendable {
        case error, warning
    }

    /// The path of the file the problem is in, as the loader names it.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    public var message: String
    public var severity: Severity

    public init(file: String, line: Int, column: Int, message: String, severity: Severity = .error) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    /// `file:line:column: message`, on one line that is safe to print: a file name or message holding
    /// control or invisible characters shows them as ``TerminalSafeText`` escapes.
    public var description: String {
        TerminalSafeText.escaping("\(file):\(line):\(column): \(message)")
    }
}

/// A manifest that could not be loaded at all: unreadable, not well-formed XML, or with a root
/// element other than `<MBML>` (<doc:Manifests>).
///
/// The diagnostics are everything reported before the load gave up; the last one is the reason.
public struct ManifestError: Error, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
