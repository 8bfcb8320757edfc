import Foundation
import XCTest

@testable import MBMLLanguageServer

/// What a document may read comes from the workspace the client names, never from the server's
/// working folder; and only the newest text of a document is loaded.
final class LanguageServerWorkspaceTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
        folders = []
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders.append(folder)
        return folder.resolvingSymlinksInPath()
    }

    private func send(_ server: LanguageServer, _ json: JSONValue) -> [JSONValue] {
        server.handle(Data(json.encoded.utf8))
    }

    private func request(_ id: Int, _ method: String, _ params: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": .int(id), "method": .string(method), "params": params])
    }

    private func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
    }

    private func open(_ uri: String, _ text: String, version: Int = 1) -> JSONValue {
        notification(
            "textDocument/didOpen",
            .object([
                "textDocument": .object([
                    "uri": .string(uri), "languageId": .string("xml"), "version": .int(version), "text": .string(text),
                ])
            ]))
    }

    private func hoverText(_ server: LanguageServer, _ uri: String, line: Int, character: Int) -> String {
        let replies = send(
            server,
            request(
                9, "textDocument/hover",
                .object([
                    "textDocument": .object(["uri": .string(uri)]),
                    "position": .object(["line": .int(line), "character": .int(character)]),
                ])))
        return replies.last?["result"]?["contents"]?["value"]?.stringValue ?? ""
    }

    /// A manifest whose `$secret` reads `path` when hovered (line 2, on the `$`).
    private func reader(of path: String) -> String {
        """
        <MBML>
            <Var name="secret" type="dynamic" expression="^fileContents(\(path))"/>
            <Var name="use" literal="$secret"/>
        </MBML>
        """
    }

    func testTheWorkspaceFoldersAreWhatADocumentReads() throws {
        let workspace = try temporaryFolder()
        let outside = try temporaryFolder()
        try "inside text".write(to: workspace.appendingPathComponent("data.txt"), atomically: true, encoding: .utf8)
        try "outside text".write(to: outside.appendingPathComponent("data.txt"), atomically: true, encoding: .utf8)
        let server = LanguageServer()
        _ = send(
            server,
            request(
                1, "initialize",
                .object(["rootUri": .string(workspace.absoluteString), "capabilities": .object([:])])))
        let uri = workspace.appendingPathComponent("a.xml").absoluteString
        _ = send(server, open(uri, reader(of: workspace.appendingPathComponent("data.txt").path)))
        XCTAssertTrue(hoverText(server, uri, line: 2, character: 30).contains("inside text"))

        let other = workspace.appendingPathComponent("b.xml").absoluteString
        _ = send(server, open(other, reader(of: outside.appendingPathComponent("data.txt").path)))
        var text = hoverText(server, other, line: 2, character: 30)
        XCTAssertFalse(text.contains("outside text"), text)
        XCTAssertTrue(text.contains("file-read policy"), text)

        // Adding the folder to the workspace lets the open document read it (it loads again).
        let event = JSONValue.object([
            "added": .array([.object(["uri": .string(outside.absoluteString), "name": .string("outside")])]),
            "removed": .array([]),
        ])
        _ = send(server, notification("workspace/didChangeWorkspaceFolders", .object(["event": event])))
        text = hoverText(server, other, line: 2, character: 30)
        XCTAssertTrue(text.contains("outside text"), text)
    }

    func testTheWorkingFolderIsNeverReadable() throws {
        // A file in the server's working folder, read by a document that is not a file, with no workspace.
        let here = FileManager.default.currentDirectoryPath
        let file = URL(fileURLWithPath: here).appendingPathComponent("Package.swift").path
        try XCTSkipUnless(FileManager.default.fileExists(atPath: file), "the tests run in the package folder")
        let server = LanguageServer()
        _ = send(server, request(1, "initialize", .object(["rootUri": .null, "capabilities": .object([:])])))
        _ = send(server, open("untitled:Untitled-1", reader(of: file)))
        let text = hoverText(server, "untitled:Untitled-1", line: 2, character: 30)
        XCTAssertFalse(text.contains("PackageDescription"), text)
        XCTAssertTrue(text.contains("file-read policy"), text)
    }

    func testTheRootFolderIsNeverAWorkFolder() {
        var workspace = Workspace(
            initializeParams: InitializeRequest(workspaceFolders: [WorkspaceFolder(uri: "file:///", name: "root")]))
        XCTAssertEqual(workspace.folders, [])
        XCTAssertEqual(workspace.workFolders(documentFolder: "/"), [])
        workspace.apply(.init(added: [WorkspaceFolder(uri: "file:///tmp/../")], removed: []))
        XCTAssertEqual(workspace.folders, [])
        XCTAssertEqual(Workspace(initializeParams: InitializeRequest(rootPath: "/srv/w")).folders, ["/srv/w"])
        XCTAssertEqual(
            Workspace(initializeParams: InitializeRequest(rootUri: "file:///srv/a", rootPath: "/srv/b")).folders,
            ["/srv/a"])
    }

    /// A load that a newer text supersedes stops at once, instead of running to its budget.
    func testASupersededLoadStops() {
        let slow = #"<MBML><Var name="slow" value="^repeat(1000000|^repeat(1000000|x))"/></MBML>"#
        let started = Date()
        let superseded = Date().addingTimeInterval(0.2)
        let analysis = DocumentAnalysis(
            TextDocument(uri: "untitled:slow", version: 1, text: slow),
            limits: LanguageServerLimits(loadSeconds: 600)
        ) { Date() > superseded }
        XCTAssertLessThan(Date().timeIntervalSince(started), 300, "the load stopped long before its budget")
        XCTAssertTrue(
            analysis.load.diagnostics.contains { $0.message.contains("a newer text") },
            "\(analysis.load.diagnostics.map(\.message))")
    }

    /// In the background: a newer text supersedes the older ones, whose diagnostics are never
    /// published, and a request is answered from the newest load.
    func testOnlyTheNewestTextIsPublished() throws {
        let loaded = DispatchSemaphore(value: 0)
        let versions = DocumentVersions()
        let server = LanguageServer(
            versions: versions, limits: LanguageServerLimits(loadSeconds: 600, waitForLoadSeconds: 60),
            loading: .background(finished: { _ in loaded.signal() }))
        _ = send(server, request(1, "initialize", .object([:])))
        let uri = "untitled:doc"
        let slow = #"<MBML><Var name="slow" value="^repeat(1000000|^repeat(1000000|x))"/></MBML>"#
        XCTAssertEqual(send(server, open(uri, slow)), [], "a background load publishes nothing yet")
        let change = { (version: Int, text: String) in
            self.notification(
                "textDocument/didChange",
                .object([
                    "textDocument": .object(["uri": .string(uri), "version": .int(version)]),
                    "contentChanges": .array([.object(["text": .string(text)])]),
                ]))
        }
        _ = send(server, change(2, slow))
        _ = send(
            server,
            change(3, #"<MBML><Var name="fast" literal="quick"/>"# + "\n" + #"<Var name="b" literal="$fast"/></MBML>"#))
        XCTAssertEqual(loaded.wait(timeout: .now() + 120), .success, "the newest load finished")
        let published = server.handleLoaded(uri)
        XCTAssertEqual(published.count, 1)
        XCTAssertEqual(published.first?["params"]?["version"], .int(3))
        XCTAssertEqual(published.first?["params"]?["diagnostics"], .array([]))
        XCTAssertTrue(hoverText(server, uri, line: 1, character: 25).contains("quick"))
        XCTAssertEqual(versions.finished(uri)?.generation, versions.newest(uri))
    }
}

/// A hover while the newest text is still loading (past the wait for it) shows the value of the
/// last text loaded, and says which version that is.
final class LanguageServerOlderTextHoverTests: XCTestCase {
    func testAHoverFromAnOlderTextSaysSo() {
        let loaded = DispatchSemaphore(value: 0)
        let server = LanguageServer(
            limits: LanguageServerLimits(loadSeconds: 600, waitForLoadSeconds: 0.3),
            loading: .background(finished: { _ in loaded.signal() }))
        let send = { (json: JSONValue) in server.handle(Data(json.encoded.utf8)) }
        let message = { (method: String, id: Int?, params: JSONValue) -> JSONValue in
            .object([
                "jsonrpc": .string("2.0"), "id": id.map(JSONValue.int), "method": .string(method), "params": params,
            ])
        }
        _ = send(message("initialize", 1, .object([:])))
        let uri = "untitled:older"
        let text = { (word: String, slow: Bool) in
            #"<MBML><Var name="word" literal=""# + word + #""/>"# + "\n" + #"<Var name="use" literal="$word"/>"#
                + (slow ? #"<Var name="slow" value="^repeat(1000000|^repeat(1000000|x))"/>"# : "") + "</MBML>"
        }
        _ = send(
            message(
                "textDocument/didOpen", nil,
                .object([
                    "textDocument": .object([
                        "uri": .string(uri), "languageId": .string("xml"), "version": .int(1),
                        "text": .string(text("first", false)),
                    ])
                ])))
        XCTAssertEqual(loaded.wait(timeout: .now() + 120), .success)
        _ = server.handleLoaded(uri)
        let hover = { () -> String in
            let position = JSONValue.object(["line": .int(1), "character": .int(27)])
            let replies = send(
                message(
                    "textDocument/hover", 2,
                    .object(["textDocument": .object(["uri": .string(uri)]), "position": position])))
            return replies.last?["result"]?["contents"]?["value"]?.stringValue ?? ""
        }
        let newest = hover()
        XCTAssertTrue(newest.contains("first") && !newest.contains("still loading"), newest)
        _ = send(
            message(
                "textDocument/didChange", nil,
                .object([
                    "textDocument": .object(["uri": .string(uri), "version": .int(2)]),
                    "contentChanges": .array([.object(["text": .string(text("second", true))])]),
                ])))
        let older = hover()
        XCTAssertTrue(older.hasPrefix("(from version 1 of the text: version 2 is still loading)"), older)
        XCTAssertTrue(older.contains("first"), older)
        // The slow load stops: the document closes.
        _ = send(
            message("textDocument/didClose", nil, .object(["textDocument": .object(["uri": .string(uri)])])))
    }
}

/// The session's inbox: every `didChange` is kept, in order (with incremental sync each one edits
/// the text the one before left); only the newest of a document carries its newest generation, so
/// the server loads that one alone.
final class LanguageServerInboxTests: XCTestCase {
    private func change(_ uri: String, _ version: Int) -> Data {
        Data(
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"text":"v\#(version)"}]}}"#
                .utf8)
    }

    func testEveryChangeIsKeptAndOnlyTheNewestIsCurrent() {
        let inbox = Inbox()
        let versions = DocumentVersions()
        let cancelled = CancelledRequests()
        for (uri, version) in [("a", 1), ("b", 1), ("a", 2), ("a", 3)] {
            inbox.put(Inbox.Item(body: change(uri, version), cancelled: cancelled, versions: versions))
        }
        inbox.put(.badHeader("x"))
        inbox.close()
        var taken: [String] = []
        var current: [String] = []
        while let item = inbox.take() {
            guard case .message(let message, let generation) = item, let generation,
                let change = message.notification as? DidChangeTextDocumentNotification
            else {
                taken.append("bad header")
                continue
            }
            let uri = change.textDocument.uri
            let version = change.textDocument.version ?? 0
            taken.append("\(uri)\(version)")
            if versions.isCurrent(uri, generation: generation) { current.append("\(uri)\(version)") }
        }
        XCTAssertEqual(taken, ["a1", "b1", "a2", "a3", "bad header"])
        XCTAssertEqual(current, ["b1", "a3"], "only each document's newest text is loaded")
        XCTAssertNil(inbox.take(), "a closed, empty inbox keeps answering nil")
    }
}
