import Foundation

/// One run of ``ManifestLoader``: the environment being filled, the diagnostics found so far and the
/// files read (<doc:Manifests>).
///
/// The processing of `<Include>`, `<Var>` and `<Function>` elements lives in extensions in the
/// neighbouring files.
final class ManifestLoadSession {
    let environment: Environment
    /// The folder searched last for includes (it plays the role of the app bundle, <doc:Manifests>).
    let manifestDirectory: URL
    private let manifestURL: URL
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var files: [URL] = []
    /// File names (last path components) loaded so far: the only duplicate and cycle protection.
    private(set) var loadedNames: Set<String> = []
    /// Every document opened: elements do not retain their document, so the session does.
    private var documents: [XMLSourceDocument] = []
    /// `userDefaultsName` is reported once per load.
    var hasReportedUserDefaults = false

    init(environment: Environment, manifestURL: URL) {
        self.environment = environment
        self.manifestURL = manifestURL
        self.manifestDirectory = manifestURL.deletingLastPathComponent()
    }

    var options: EnvironmentOptions { environment.options }

    // MARK: Loading

    /// Loads the manifest (from `contents`, or read from its URL when nil) and everything it includes.
    ///
    /// - Parameter path: the manifest's name in diagnostics.
    func loadManifest(path: String, contents: [UInt8]?) throws -> ManifestLoadResult {
        let bytes: [UInt8]
        if let contents = contents {
            bytes = contents
            files.append(manifestURL)
        } else {
            guard isRegularFile(manifestURL) else {
                throw fail(Diagnostic(file: path, line: 1, column: 1,
                                      message: "Couldn't find path for manifest file named: \(path)"))
            }
            switch read(manifestURL, path: path) {
            case .success(let data): bytes = data
            case .failure(let diagnostic): throw fail(diagnostic)
            }
        }
        let root: XMLElementNode
        switch open(bytes, path: path) {
        case .success(let element): root = element
        case .failure(let error): throw fail(error.diagnostics)
        }
        environment.manifestPath = manifestURL.path
        process(root, url: manifestURL, depth: 0)
        return ManifestLoadResult(environment: environment, diagnostics: diagnostics, files: files)
    }

    /// Processes one loaded file: its `<MBML>` attributes, then its includes, then its declarations
    /// in document order.
    func process(_ root: XMLElementNode, url: URL, depth: Int) {
        loadedNames.insert(url.lastPathComponent)
        environment.loadedFiles.append(url.path)
        applyRootAttributes(of: root, depth: depth)
        let children = root.childElements
        for entry in includeEntries(among: children) {
            include(entry, from: url, depth: depth)
        }
        for child in children {
            switch child.name {
            case "Include": continue
            case "Var": declareVariable(child)
            case "Function": declareFunction(child)
            default: report("The following XML construct is not valid MBML: \(child.summary)", at: child,
                            severity: .warning)
            }
        }
    }

    /// Reads a file, recording it in ``files``.
    func read(_ url: URL, path: String) -> Result<[UInt8], Diagnostic> {
        do {
            let data = try Data(contentsOf: url)
            files.append(url)
            return .success([UInt8](data))
        } catch {
            return .failure(Diagnostic(file: path, line: 1, column: 1,
                                       message: "Couldn't read file \(path) due to error: \(error.localizedDescription)"))
        }
    }

    /// Parses a file and checks its root element is `<MBML>` (any case). libxml2 warnings are
    /// reported; errors are returned.
    func open(_ bytes: [UInt8], path: String) -> Result<XMLElementNode, ManifestError> {
        switch XMLSourceDocument.parse(bytes, path: path) {
        case .failure(let error):
            return .failure(error)
        case .success(let (document, warnings)):
            documents.append(document)
            warnings.forEach(report)
            guard let root = document.root else {
                return .failure(ManifestError(diagnostics: [Diagnostic(
                    file: path, line: 1, column: 1,
                    message: "Expecting XML root element name to be <MBML>; the document has no root element in file: \(path)")]))
            }
            guard root.name.lowercased() == "mbml" else {
                let position = root.position
                return .failure(ManifestError(diagnostics: [Diagnostic(
                    file: path, line: position.line, column: position.column,
                    message: "Expecting XML root element name to be <MBML>; instead got <\(root.name)> in file: \(path)")]))
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
        for (name, value) in root.attributes.pairs {
            guard name == "modules" else {
                environment.attributes[name] = value
                continue
            }
            guard depth == 0 else {
                report("Modules can only be specified in the top level environment file; the value for this \"modules\" attribute will be ignored: \(value)",
                       at: root, severity: .warning)
                continue
            }
            let modules = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for module in modules where !module.isEmpty {
                report("Couldn't load module class \"\(module)\"; no implementation found (this port has no loadable modules)",
                       at: root, severity: .warning)
            }
        }
    }

    // MARK: Conditions and reporting

    /// An `if` condition evaluated as `asBoolean(text, default:)` (<doc:Manifests>): empty text, no value and
    /// an evaluation error all give `fallback` (an error is reported as a warning).
    func condition(_ text: String, default fallback: Bool, at element: XMLElementNode) -> Bool {
        if text.isEmpty { return fallback }
        do {
            guard let value = try environment.evaluate(text, in: .boolean) else { return fallback }
            return value.isTruthy
        } catch {
            report("Couldn't evaluate the \"if\" condition of \(element.summary): \(Environment.logText(for: error))",
                   at: element, severity: .warning)
            return fallback
        }
    }

    /// Records a problem at `element`'s start tag and writes it to the log.
    func report(_ message: String, at element: XMLElementNode, severity: Diagnostic.Severity = .error) {
        let position = element.position
        report(Diagnostic(file: element.document.path, line: position.line, column: position.column,
                          message: message, severity: severity))
    }

    func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        environment.log.write(diagnostic.description)
    }

    /// Reports `fatal` and returns the error that ends the load.
    private func fail(_ fatal: Diagnostic) -> ManifestError {
        fail([fatal])
    }

    private func fail(_ fatal: [Diagnostic]) -> ManifestError {
        fatal.forEach(report)
        return ManifestError(diagnostics: diagnostics)
    }
}
