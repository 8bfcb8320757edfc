import Foundation

/// One build of an environment from MBML files: the environment being filled, the diagnostics
/// found so far and the files read (<doc:Manifests>). Several manifests can be loaded one after
/// another into the same environment (``EnvironmentBuilder`` does); each sees everything loaded
/// before it, and a file name is loaded at most once.
///
/// The processing of `<Include>`, `<Var>` and `<Function>` elements lives in extensions in the
/// neighbouring files.
final class ManifestLoadSession {
    let environment: Environment
    /// The load's one job: every expression it evaluates shares its limits and budget.
    let evaluation: Evaluation
    /// How documents are parsed: strictly, or in libxml2's recovery mode (plate compatibility).
    let parsing: XMLParsingMode
    /// The folder searched last for includes: the folder of the manifest being loaded (it plays
    /// the role of the app bundle, <doc:Manifests>).
    private(set) var manifestDirectory: URL
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var files: [URL] = []
    /// File names (last path components) loaded so far: the only duplicate and cycle protection.
    /// The built-in modules' files are never read (``BuiltInModule``).
    private(set) var loadedNames = Set(BuiltInModule.all.map(\.fileName))
    /// Every document opened: elements do not retain their document, so the session does. A later
    /// piece of a document declared while it is parsed (``XMLPieceStream``) is held only while its
    /// declarations are made, then its tables go to the pieces still to parse.
    var documents: [XMLSourceDocument] = []
    /// The top-level declarations made so far (each `<Var>` that declared its name).
    var declarations = 0
    /// The manifest whose top-level elements are recorded (``ElementRecord``), if any, and the
    /// record once it was processed.
    var recordedManifest: URL?
    var documentRecord: DocumentRecord?
    /// Whether runs of plain declarations are declared a run at a time (``PlainDeclarationRun``);
    /// off, each is declared on its own (tests compare the two).
    var declaresPlainRuns = true
    /// How many declarations were made a run at a time (tests check that the runs were taken).
    var declaredInRuns = 0
    /// Whether a declaration's text that needs no evaluation (``Environment/constantResult(of:in:within:)``)
    /// is taken without starting one; off, every text is evaluated (tests compare the two).
    var answersConstants = true
    /// How many texts were taken so (tests check that the shortcut was taken).
    var constantsAnswered = 0
    /// Whether large documents are parsed in two halves side by side (``XMLSplitting``; tests
    /// compare the ways).
    var splitting = XMLSplitting.automatic
    /// How many documents were parsed so (tests check that the halves were taken).
    private(set) var documentsParsedInHalves = 0
    /// Whether a large top-level manifest is declared while its later pieces are parsed
    /// (``XMLPieceStream``; tests compare the ways).
    var pipelining = XMLSplitting.automatic
    /// A manifest read ahead (``ManifestPrefetch``), whose bytes a manifest of its path is loaded from.
    var prefetch: ManifestPrefetch?
    /// The runs of pieces declared already, for the pieces still to gather (``PreparedPiece``).
    let declaredRuns = TablePool<PlainDeclarationRun>(limit: 4)
    /// How many manifests were declared so (tests check that the pieces were taken).
    var documentsPipelined = 0
    /// Whether a manifest declared while it was parsed turned out not to stand as its pieces: the
    /// load stopped there, and its builder builds again with ``pipelining`` off.
    var pieceWasRefused = false
    /// How many lines the log had taken when the session began: a manifest is declared while it is
    /// parsed only when nothing was written since (its lines are held back until its pieces are
    /// known to stand, and a build that starts again writes nothing twice).
    let logCountAtStart: Int
    /// `userDefaultsName` is reported once per load.
    var hasReportedUserDefaults = false
    /// How deeply `<Var>`s may nest (the options' include depth), read once: every declaration
    /// checks it.
    let maximumVariableDepth: Int

    init(environment: Environment, parsing: XMLParsingMode = .strict, evaluation: Evaluation) {
        self.environment = environment
        self.evaluation = evaluation
        self.parsing = parsing
        self.maximumVariableDepth = environment.options.maximumIncludeDepth
        self.logCountAtStart = environment.log.writtenCount
        self.manifestDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }

    var options: EnvironmentOptions { environment.options }

    // MARK: Loading

    /// Whether a file named like `url` was already loaded into this environment.
    func hasLoaded(fileNamed url: URL) -> Bool {
        loadedNames.contains(url.lastPathComponent)
    }

    /// Loads a top-level manifest (from `contents`, or read from `url` when nil) and everything it
    /// includes into the environment. The caller checks ``hasLoaded(fileNamed:)`` first.
    ///
    /// - Parameter path: the manifest's name in diagnostics.
    /// - Throws: ``ManifestError`` (already reported) if the manifest cannot be read or parsed, or
    ///   its root is not `<MBML>`; what earlier manifests declared stays.
    func loadManifest(at url: URL, path: String, contents: [UInt8]?) throws {
        let bytes: DocumentBytes
        if let contents = contents {
            bytes = DocumentBytes(contents)
            files.append(url)
        } else {
            guard isRegularFile(url) else {
                throw fail(
                    Diagnostic(
                        file: path, line: 1, column: 1,
                        message: "Couldn't find path for manifest file named: \(path)"))
            }
            reserveRoomWhileReadingAhead(url)
            switch read(url, path: path) {
            case .success(let data): bytes = data
            case .failure(let diagnostic): throw fail(diagnostic)
            }
        }
        if let pieces = pipelinedPieces(of: bytes, url: url, path: path) {
            manifestDirectory = url.deletingLastPathComponent()
            if environment.manifestPath == nil { environment.manifestPath = url.path }
            process(pieces, url: url)
            return try checkUnchanged(bytes, path: path)
        }
        let root: XMLElementNode
        switch open(bytes, path: path) {
        case .success(let element): root = element
        case .failure(let error):
            try checkUnchanged(bytes, path: path)
            throw fail(error.diagnostics)
        }
        manifestDirectory = url.deletingLastPathComponent()
        if environment.manifestPath == nil { environment.manifestPath = url.path }
        process(root, url: url, depth: 0)
        try checkUnchanged(bytes, path: path)
    }

    /// Fails the manifest when its bytes are a mapped file that changed while it was loaded
    /// (``DocumentBytes``): what was declared from them is not what the file holds.
    private func checkUnchanged(_ bytes: DocumentBytes, path: String) throws {
        do {
            try bytes.checkUnchanged()
        } catch let changed as FileChangedWhileRead {
            throw fail(Diagnostic(file: path, line: 1, column: 1, message: changed.description))
        }
    }

    /// Notes a file that a document names but that does not exist (yet): a watcher that watches
    /// ``files`` then reloads when it appears.
    func noteMissingFile(_ url: URL) {
        files.append(url.standardizedFileURL)
    }

    /// Records a problem found outside any document (a data file, a skipped input).
    func record(_ diagnostic: Diagnostic) {
        report(diagnostic)
    }

    /// Processes one loaded file: its `<MBML>` attributes, then its includes, then its declarations
    /// in document order.
    ///
    /// - Parameters:
    ///   - laterPieces: the pieces of the document after `root`'s (``XMLPieceStream``), declared
    ///     in turn as each arrives; `root`'s piece holds every `<Include>` of the document.
    ///   - expectedChildren: how many top-level elements the document is expected to have (for
    ///     its tables' room); nil: `root`'s.
    /// - Returns: false when a later piece was refused: what was declared does not stand for the
    ///   document.
    @discardableResult
    func process(
        _ root: XMLElementNode, url: URL, depth: Int, laterPieces: XMLPieceStream<PreparedPiece>? = nil,
        expectedChildren: Int? = nil
    ) -> Bool {
        loadedNames.insert(url.lastPathComponent)
        environment.loadedFiles.append(url.path)
        applyRootAttributes(of: root, depth: depth)
        let children = root.children
        let childCount = expectedChildren ?? children.count
        environment.variables.reserveCapacity(forAdditional: childCount)
        environment.reserveProvenances(forAdditional: childCount)
        for entry in includeEntries(among: children) {
            include(entry, from: url, depth: depth)
        }
        let isRecorded = depth == 0 && recordedManifest == url
        var record = isRecorded ? DocumentRecord(head: diagnostics, elements: []) : nil
        if isRecorded { record?.elements.reserveCapacity(childCount) }
        defer { if isRecorded { documentRecord = record } }
        // A recorded document notes what each element did: its declarations are made one by one.
        let takesRuns = !isRecorded && declaresPlainRuns
        var run = PlainDeclarationRun(reservingFor: takesRuns ? childCount : 0)
        defer { declare(&run) }
        guard declare(children, takingRuns: takesRuns, into: &run, recording: &record) else {
            laterPieces?.cancel()
            return true
        }
        guard let laterPieces else { return true }
        while true {
            switch laterPieces.next() {
            case .end: return true
            case .refused: return false
            case .piece(let document, var prepared):
                // Nothing of a piece outlives its declarations (the run is declared before the
                // piece's steps, which declare their literals themselves): the piece goes after
                // them, and its tables and literals are filled again by pieces still to parse.
                let declared = withExtendedLifetime(document) { declare(prepared, after: &run) }
                declaredRuns.give(prepared.takeRun())
                guard declared else {
                    laterPieces.cancel()
                    return true
                }
            }
        }
    }

    /// Declares `children` in order, plain declarations a run at a time when `takingRuns`, noting
    /// what each did in `record` when there is one. False when the load was stopped.
    private func declare(
        _ children: XMLChildElements, takingRuns: Bool, into run: inout PlainDeclarationRun,
        recording record: inout DocumentRecord?
    ) -> Bool {
        let varName = takingRuns ? children.document.number(ofName: "Var") : nil
        let rules = plainDeclarationRules
        for child in children {
            if evaluation.isStopped { return false }
            if let declaration = Self.plainDeclaration(child, varName: varName, rules: rules) {
                run.append(declaration, element: child)
                if run.isFull { declare(&run) }
                continue
            }
            declare(&run)
            guard record != nil else {
                process(child)
                continue
            }
            record?.elements.append(declareRecording(child) { process(child) })
        }
        return true
    }

    /// Processes one top-level element (includes were processed before).
    func process(_ child: XMLElementNode) {
        switch child.name {
        case "Include": return
        case "Var": declareVariable(child)
        case "Function": declareFunction(child)
        default:
            report(
                "The following XML construct is not valid MBML: \(child.summary)", at: child,
                severity: .warning)
        }
    }

    /// The bytes of a manifest, read through `FileDoor`. The file counts among those the space was
    /// built from even when it can not be read, so that a watcher notices when it comes back. An
    /// include (`asInclude`) is read only where the file-read policy allows, only from a regular
    /// file (a FIFO or device — an include linked to /dev/zero — is refused by what it is, so a load
    /// never blocks or reads forever) and within ``FileLimits/include``; a manifest named by the
    /// host is not under the policy and may be a pipe (`<(command)` works), within ``FileLimits/manifest``.
    func read(_ url: URL, path: String, asInclude: Bool = false) -> Result<DocumentBytes, Diagnostic> {
        files.append(url)
        if asInclude, let reason = options.fileReadPolicy.refusal(for: path) {
            return .failure(Diagnostic(file: path, line: 1, column: 1, message: "Not loading \(path): \(reason)"))
        }
        do {
            let kind: FileReadKind = asInclude ? .include : .manifest
            let maximumSize = options.fileLimits.maximumSize(for: kind, functionLimit: options.maximumFileSize)
            if !asInclude, let bytes = prefetch?.bytes(of: url.path, maximumSize: maximumSize) {
                return .success(bytes)
            }
            let bytes = try FileDoor.read(
                asInclude ? path : url.path, as: kind, policy: options.fileReadPolicy, maximumSize: maximumSize)
            return .success(DocumentBytes(bytes))
        } catch let error as FunctionError {
            return .failure(Diagnostic(file: path, line: 1, column: 1, message: "Couldn't read file: \(error.message)"))
        } catch {
            return .failure(
                Diagnostic(
                    file: path, line: 1, column: 1,
                    message: "Couldn't read file \(path) due to error: \(error.localizedDescription)"))
        }
    }

    /// Parses a file and checks its root element is `<MBML>` (any case). libxml2 warnings are
    /// reported; errors are returned.
    func open(_ bytes: DocumentBytes, path: String) -> Result<XMLElementNode, ManifestError> {
        switch XMLSourceDocument.parse(bytes, path: path, mode: parsing, splitting: splitting) {
        case .failure(let error):
            return .failure(error)
        case .success(let (document, warnings)):
            documents.append(document)
            if document.wasParsedInHalves { documentsParsedInHalves += 1 }
            warnings.forEach(report)
            guard let root = document.root else {
                return .failure(
                    ManifestError(diagnostics: [
                        Diagnostic(
                            file: path, line: 1, column: 1,
                            message:
                                "Expecting XML root element name to be <MBML>; the document has no root element in file: \(path)"
                        )
                    ]))
            }
            guard root.name.lowercased() == "mbml" else {
                let position = root.position
                return .failure(
                    ManifestError(diagnostics: [
                        Diagnostic(
                            file: path, line: position.line, column: position.column,
                            message:
                                "Expecting XML root element name to be <MBML>; instead got <\(root.name)> in file: \(path)"
                        )
                    ]))
            }
            return .success(root)
        }
    }

    func isRegularFile(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    // MARK: <MBML> attributes (<doc:Manifests>)

    private func applyRootAttributes(of root: XMLElementNode, depth: Int) {
        for (name, value) in root.attributes.pairs.map({ ($0.name, $0.value) }) {
            guard name == "modules" else {
                environment.attributes[name] = value
                continue
            }
            guard depth == 0 else {
                report(
                    "Modules can only be specified in the top level environment file; the value for this \"modules\" attribute will be ignored: \(value)",
                    at: root, severity: .warning)
                continue
            }
            let modules = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for module in modules where !module.isEmpty {
                if let builtIn = BuiltInModule(className: module) {
                    environment.enable(builtIn)
                    continue
                }
                report(
                    "Couldn't load module class \"\(module)\"; no implementation found (this port has only its built-in modules: \(BuiltInModule.all.map(\.className).joined(separator: ", ")))",
                    at: root, severity: .warning)
            }
        }
    }

    // MARK: Conditions and reporting

    /// An `if` condition evaluated as `asBoolean(text, default:)` (<doc:Manifests>): empty text, no value and
    /// an evaluation error all give `fallback` (an error is reported as a warning).
    func condition(_ text: String, default fallback: Bool, at element: XMLElementNode) -> Bool {
        if text.isEmpty { return fallback }
        if answersConstants, let constant = environment.constantResult(of: text, in: .boolean, within: evaluation) {
            constantsAnswered += 1
            return constant.value?.isTruthy ?? fallback
        }
        do {
            guard let value = try environment.evaluate(text, in: .boolean, within: evaluation) else { return fallback }
            return value.isTruthy
        } catch {
            report(
                "Couldn't evaluate the \"if\" condition of \(element.summary): \(Environment.logText(for: error))",
                at: element, severity: .warning)
            return fallback
        }
    }

    /// Records a problem at `element`'s start tag and writes it to the log.
    func report(_ message: String, at element: XMLElementNode, severity: Diagnostic.Severity = .error) {
        let position = element.position
        report(
            Diagnostic(
                file: element.document.path, line: position.line, column: position.column,
                message: message, severity: severity))
    }

    func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        environment.log.write(diagnostic.description)
    }

    /// Reports `fatal` and returns the error that ends the manifest's load.
    private func fail(_ fatal: Diagnostic) -> ManifestError {
        fail([fatal])
    }

    private func fail(_ fatal: [Diagnostic]) -> ManifestError {
        fatal.forEach(report)
        return ManifestError(diagnostics: fatal)
    }
}
