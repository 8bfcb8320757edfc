import Foundation
import MBMLEngine

/// The document notifications: the open texts, their loads, and the diagnostics published for them.
extension LanguageServer {
    func handleDocumentNotification(_ notification: any LSPNotification, generation: Int?) -> [OutgoingMessage] {
        switch notification {
        case is InitializedNotification:
            return client.watchesFilesOnRequest ? [Self.watchedFilesRegistration] : []
        case let notification as DidOpenTextDocumentNotification:
            let item = notification.textDocument
            return open(
                TextDocument(
                    uri: item.uri, version: item.version ?? 0, text: item.text, languageId: item.languageId ?? "xml"),
                generation)
        case let notification as DidChangeTextDocumentNotification:
            guard var document = documents[notification.textDocument.uri] else { return [] }
            // Incremental sync: each change replaces its range (the whole text when it has none), in order.
            for change in notification.contentChanges {
                document = document.applying(change.text, in: change.range)
            }
            document.version = notification.textDocument.version ?? document.version + 1
            return open(document, generation)
        case let notification as DidCloseTextDocumentNotification:
            let uri = notification.textDocument.uri
            if generation == nil { _ = versions.announce(uri) }
            documents[uri] = nil
            analyses[uri] = nil
            versions.close(uri)
            return [Self.publish(PublishDiagnosticsParams(uri: uri, version: nil, diagnostics: []))]
        case let notification as DidChangeWorkspaceFoldersNotification:
            workspace.apply(notification.event)
            // What the documents may read changed: each loads again.
            for document in documents.values.sorted(by: { $0.uri < $1.uri }) {
                _ = open(document, nil, reading: .everything)
            }
            return []
        case let notification as DidChangeWatchedFilesNotification:
            let changed = Set(notification.changes.compactMap { TextDocument.path(ofURI: $0.uri) })
            // An include or data file changed on disk: every open document that read it loads again;
            // a project file (mbml.json) changed: every open document does (it may now be in that project).
            let projectChanged = changed.contains { $0.hasSuffix("/" + ProjectFile.fileName) }
            for document in documents.values.sorted(by: { $0.uri < $1.uri }) {
                guard let files = analyses[document.uri]?.analysis.load.files,
                    projectChanged || files.contains(where: { changed.contains($0.standardizedFileURL.path) })
                else { continue }
                _ = open(document, nil, reading: .everything)
            }
            return []
        default:
            // `$/cancelRequest` (the reader marked it), `$/setTrace`, `didSave`, `didChangeConfiguration`.
            return []
        }
    }

    /// What a load reads again.
    enum Reload {
        /// Only the document's text changed: the load starts from the newest finished one
        /// (incrementally where the edit allows).
        case text
        /// Something on disk or the workspace changed: every input loads again.
        case everything
    }

    /// Stores `document` as the newest text of its URI and loads it (``Loading``); the load stops
    /// when a newer text arrives.
    func open(_ document: TextDocument, _ generation: Int?, reading reload: Reload = .text) -> [OutgoingMessage] {
        let uri = document.uri
        let generation = generation ?? versions.announce(uri)
        if reload == .everything { versions.readsEverything(uri, from: generation) }
        documents[uri] = document
        // A newer text of the document was read already: its own message loads it; this one is dropped.
        guard versions.isCurrent(uri, generation: generation) else { return [] }
        let (workspace, limits, versions) = (self.workspace, self.limits, self.versions)
        let load: @Sendable () -> DocumentVersions.Finished? = {
            // The newest finished load of an earlier text (only the text changed since): the base.
            let previous = reload == .text ? versions.base(uri)?.analysis : nil
            let analysis = DocumentAnalysis(document, workspace: workspace, limits: limits, previous: previous) {
                !versions.isCurrent(uri, generation: generation)
            }
            guard versions.isCurrent(uri, generation: generation) else { return nil }
            let finished = DocumentVersions.Finished(generation: generation, analysis: analysis)
            versions.finish(uri, finished)
            return finished
        }
        switch loading {
        case .inline:
            _ = load()
            install(uri)
        case .background(let finished):
            let settle = UInt32(limits.settleSeconds * 1e6)
            let thread = Thread {
                // Only a text that stayed the newest for `settleSeconds` loads.
                usleep(settle)
                guard versions.isCurrent(uri, generation: generation) else { return }
                if load() != nil {
                    finished(uri)
                    // The outline that symbols, folding, links and hints read, scanned while the
                    // editor takes the diagnostics (a request asking meanwhile waits for this scan).
                    if !document.isTemplate, versions.isCurrent(uri, generation: generation) {
                        _ = document.outline
                    }
                }
            }
            // Evaluation needs the stack EnvironmentOptions.maximumNestingDepth asks for (8 MB and more).
            thread.stackSize = Self.loadStackSize
            thread.start()
        }
        return []
    }

    /// The stack of a loading thread: twice the 8 MB the engine's nesting limit needs.
    static let loadStackSize = 16 << 20

    /// Makes the newest finished load of `uri` the one requests are answered from, and queues its
    /// diagnostics, when it is newer than the one in use.
    func install(_ uri: String) {
        guard documents[uri] != nil, let finished = versions.finished(uri),
            finished.generation > (analyses[uri]?.generation ?? 0)
        else { return }
        analyses[uri] = finished
        let loaded = finished.analysis.document
        outbox.append(
            Self.publish(
                PublishDiagnosticsParams(
                    uri: uri, version: loaded.version, diagnostics: finished.analysis.diagnostics(for: loaded))))
    }

    /// Before a request on `uri` is answered: when its newest text is still loading, waits for that
    /// load up to ``LanguageServerLimits/waitForLoadSeconds``, then installs the newest finished load.
    func waitForNewestLoad(of uri: String) {
        if case .background = loading, let newest = versions.newest(uri) {
            let end = DispatchTime.now().uptimeNanoseconds + UInt64(limits.waitForLoadSeconds * 1e9)
            while (versions.finished(uri)?.generation ?? 0) < newest, DispatchTime.now().uptimeNanoseconds < end {
                usleep(5_000)
            }
        }
        install(uri)
    }

    static func publish(_ params: PublishDiagnosticsParams) -> OutgoingMessage {
        .notification(method: PublishDiagnosticsParams.method, params: params)
    }

    /// `client/registerCapability`: the client tells the server when a manifest or data file changes on
    /// disk (`workspace/didChangeWatchedFiles`), so that the documents that include it load again.
    static let watchedFilesRegistration = OutgoingMessage.request(
        id: .string("mbml-watch-files"), method: RegistrationParams.method,
        params: RegistrationParams(registrations: [
            RegistrationParams.Registration(
                id: "mbml-watch-files", method: DidChangeWatchedFilesNotification.method,
                registerOptions: RegistrationParams.WatchedFilesOptions(
                    watchers: ["**/*.xml", "**/*.json", "**/*.jsonl"].map(RegistrationParams.Watcher.init)))
        ]))
}
