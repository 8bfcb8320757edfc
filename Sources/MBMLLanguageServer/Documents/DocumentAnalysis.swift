import Foundation
import MBMLEngine

/// An open document loaded by the engine: the environment built from its unsaved text (includes
/// read from disk) and the diagnostics of that load.
struct DocumentAnalysis {
    /// The name the document has in diagnostics and provenance: its path, or its URI when it is not a file.
    let name: String
    let load: EnvironmentLoad
    /// The text that was loaded (the document may have changed since).
    let document: TextDocument
    /// The budgets of the load and of the answers made from it.
    let limits: LanguageServerLimits

    var environment: Environment { load.environment }
    /// Whether the document belongs to a project (`mbml.json`) whose inputs loaded around it.
    let isInProject: Bool
    /// The expectation files of the document's project (`"expectations"`), standardized paths.
    let expectationFiles: [String]

    /// The project's samples loaded after the document's inputs (``SampleSpace``); nil when the
    /// project has none.
    let samples: SampleSpace?

    /// The document's text loaded with the inputs around it, kept so that the next text loads
    /// incrementally where the edit allows (``MBMLEngine/ManifestTextLoad``).
    let manifest: ManifestTextLoad

    /// Loads `document` with ``EnvironmentBuilder``, as `--manifest` would load the file, but from
    /// its text, reading files only as `workspace` allows (``Workspace/fileReadPolicy(documentFolder:)``;
    /// never the server's working folder) and never writing. The load stops with an error after
    /// ``LanguageServerLimits/loadSeconds`` or as soon as `isSuperseded` answers true (a newer
    /// version of the document arrived).
    ///
    /// Given `previous`, the load of an earlier text of the document with the same inputs around it
    /// (nothing on disk changed since), the new text loads from it: incrementally when the edit
    /// allows (``MBMLEngine/ManifestTextLoad/loading(_:limits:outline:incrementalSeconds:)``), else in full.
    init(
        _ document: TextDocument, workspace: Workspace = Workspace(), limits: LanguageServerLimits = .init(),
        previous: DocumentAnalysis? = nil, isSuperseded: @escaping @Sendable () -> Bool = { false }
    ) {
        let path = document.path
        name = path ?? document.uri
        self.document = document
        self.limits = limits
        let documentFolder = path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        let directory = URL(
            fileURLWithPath: documentFolder ?? workspace.folders.first ?? "/", isDirectory: true)
        // The project the document is in (mbml.json) loads around it.
        let project = DocumentProject(documentPath: path)
        var options = EnvironmentOptions()
        options.searchDirectories = [directory]
        options.fileReadPolicy = project.fileReadPolicy(workspace.fileReadPolicy(documentFolder: documentFolder))
        var builder = EnvironmentBuilder(options: options, log: LogSink())
        builder.cancellationMessage = "Loading stopped: a newer text of the document arrived"
        // The load is one job: one deadline and one memory budget for every expression it evaluates;
        // it stops too when a newer text supersedes it. A template is text with expressions, not
        // XML: nothing of it is loaded (no false XML errors), only its project's inputs.
        let inputs = project.inputs(
            document: .manifestText(document.text, name: name, directory: directory), path: path,
            isTemplate: document.isTemplate)
        let loadLimits = EvaluationLimits(options: options, seconds: limits.loadSeconds, isCancelled: isSuperseded)
        if let previousDocument = previous?.document, let previous = previous?.manifest,
            previous.inputs(with: document.text) == inputs,
            previous.builder.options.searchDirectories == options.searchDirectories,
            previous.builder.options.fileReadPolicy == options.fileReadPolicy
        {
            // The previous text's outline, which symbols and folding read too: scanned once for all.
            let outline = previousDocument.isTemplate ? nil : previousDocument.outline
            manifest = previous.loading(document.text, limits: loadLimits, outline: outline)
        } else {
            // Where its elements are is found at the first edit, not before the first diagnostics.
            manifest = ManifestTextLoad(builder: builder, inputs: inputs, limits: loadLimits)
        }
        isInProject = project.project != nil
        if let sampleInputs = project.project?.sampleInputs, !sampleInputs.isEmpty {
            samples = SampleSpace(
                builder: builder, inputs: inputs, samples: sampleInputs, seconds: limits.loadSeconds)
        } else {
            samples = nil
        }
        expectationFiles = (project.project?.expectationFiles ?? []).map {
            URL(fileURLWithPath: $0).standardizedFileURL.path
        }
        let name = self.name
        load = project.adjusted(manifest.load) { Self.names(name, $0) }
    }

    /// Whether `diagnostic`'s file is the document named `name`.
    private static func names(_ name: String, _ diagnostic: Diagnostic) -> Bool {
        diagnostic.file == name || URL(fileURLWithPath: diagnostic.file).standardizedFileURL.path == name
    }

    /// Whether the diagnostic's file is this document.
    func isInDocument(_ diagnostic: Diagnostic) -> Bool {
        Self.names(name, diagnostic)
    }

    /// The LSP diagnostics of the load for `document`: its own at their line and column, those of
    /// included files at the document's first line, naming the file.
    func diagnostics(for document: TextDocument) -> [LSPDiagnostic] {
        load.diagnostics.map { diagnostic in
            var range = LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))
            var message = diagnostic.message
            if isInDocument(diagnostic) {
                let line = max(0, diagnostic.line - 1)
                range = Self.range(of: diagnostic, line: line, in: document)
            } else {
                message = "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column): \(message)"
            }
            return LSPDiagnostic(
                range: range, severity: diagnostic.severity == .error ? 1 : 2, source: "mbml", message: message)
        }
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
