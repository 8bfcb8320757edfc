import Foundation
import MBMLEngine

/// An open document loaded by the engine: the environment built from its unsaved text (includes
/// read from disk) and the diagnostics of that load.
struct DocumentAnalysis {
    /// The longest a load may run before it stops with an error (a manifest whose load-time
    /// expression never ends must not stop the server from answering).
    static let loadBudgetSeconds = 10.0

    /// The name the document has in diagnostics and provenance: its path, or its URI when it is not a file.
    let name: String
    let load: EnvironmentLoad

    var environment: Environment { load.environment }

    /// Loads `document` with ``EnvironmentBuilder``, as `--manifest` would load the file, but from its text.
    init(_ document: TextDocument) {
        let path = document.path
        name = path ?? document.uri
        let directory =
            path.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        // The file-read policy of the other commands: the current folder and the document's folder
        // (hidden files excepted); no file writes. Opening an untrusted manifest in an editor must
        // not read more than `mbml --manifest` would.
        var options = EnvironmentOptions()
        options.searchDirectories = [directory]
        options.fileReadPolicy = .restricted(
            workFolders: [FileManager.default.currentDirectoryPath, directory.path])
        let builder = EnvironmentBuilder(options: options, log: LogSink())
        // The load is one job: one deadline and one memory budget for every expression it evaluates.
        load = builder.build(
            [.manifestText(document.text, name: name, directory: directory)],
            limits: EvaluationLimits(options: options, seconds: Self.loadBudgetSeconds))
    }

    /// Whether the diagnostic's file is this document.
    func isInDocument(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.file == name || URL(fileURLWithPath: diagnostic.file).standardizedFileURL.path == name
    }

    /// The LSP diagnostics of the load for `document`: its own at their line and column, those of
    /// included files at the document's first line, naming the file.
    func diagnostics(for document: TextDocument) -> JSONValue {
        .array(
            load.diagnostics.map { diagnostic in
                var range = LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))
                var message = diagnostic.message
                if isInDocument(diagnostic) {
                    let line = max(0, diagnostic.line - 1)
                    range = Self.range(of: diagnostic, line: line, in: document)
                } else {
                    message = "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column): \(message)"
                }
                return .object([
                    "range": range.json,
                    "severity": .int(diagnostic.severity == .error ? 1 : 2),
                    "source": .string("mbml"),
                    "message": .string(message),
                ])
            })
    }

    /// What a diagnostic at an element covers: the reference it names (`$tpyo is referred to by …`)
    /// when that is on the element's line, else the element's tag (`<Var`), else its position.
    static func range(of diagnostic: Diagnostic, line: Int, in document: TextDocument) -> LSPRange {
        let characters = document.characters(ofLine: line)
        let start = TextDocument.characterOffset(
            utf16: document.utf16Offset(ofScalarColumn: diagnostic.column, line: line), in: characters)
        func lspRange(_ from: Int, _ to: Int) -> LSPRange {
            LSPRange(
                start: LSPPosition(line: line, character: TextDocument.utf16Offset(character: from, in: characters)),
                end: LSPPosition(line: line, character: TextDocument.utf16Offset(character: to, in: characters)))
        }
        if diagnostic.message.hasPrefix("$"), let nameEnd = diagnostic.message.firstIndex(of: " ") {
            let name = String(diagnostic.message.dropFirst().prefix(upTo: nameEnd))
            if let reference = ExpressionOccurrences(line: characters).occurrences.first(where: {
                $0.kind == .variable && $0.name == name && $0.start >= start
            }) {
                return lspRange(reference.start, reference.end)
            }
        }
        guard start < characters.count, characters[start] == "<" else { return lspRange(start, start) }
        var end = start + 1
        while end < characters.count, !characters[end].isWhitespace, characters[end] != ">", characters[end] != "/" {
            end += 1
        }
        return lspRange(start, end)
    }
}
