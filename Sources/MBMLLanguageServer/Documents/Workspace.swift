import Foundation
import MBMLEngine

/// The folders the client opened — `workspaceFolders`, else `rootUri`, else `rootPath` of
/// `initialize`, kept up to date by `workspace/didChangeWorkspaceFolders` — and the file-read policy
/// they give a document.
///
/// The server's own working folder never counts: editors often start it from `/` or the home
/// folder, and a manifest opened there must not read more than its workspace. A document may read
/// the workspace folders and its own folder (where its includes are), hidden entries excepted, as
/// `mbml --manifest` reads the folder of its manifest; the root folder `/` is never a work folder
/// (a workspace of the whole file system would allow everything), and a document that is not a
/// file (`untitled:`) reads only the workspace folders.
struct Workspace: Equatable {
    /// The workspace folders, as absolute paths, in the order the client gave them.
    private(set) var folders: [String] = []

    init(folders: [String] = []) {
        for folder in folders { add(folder) }
    }

    /// The workspace of `initialize`'s parameters: `workspaceFolders`, else `rootUri`, else `rootPath`.
    init(initializeParams params: InitializeRequest) {
        if let list = params.workspaceFolders {
            for folder in list { add(uri: folder.uri) }
        } else if let uri = params.rootUri {
            add(uri: uri)
        } else if let path = params.rootPath, path.hasPrefix("/") {
            add(path)
        }
    }

    /// Applies a `workspace/didChangeWorkspaceFolders` event.
    mutating func apply(_ event: DidChangeWorkspaceFoldersNotification.Event) {
        for folder in event.removed {
            guard let path = TextDocument.path(ofURI: folder.uri) else { continue }
            folders.removeAll { $0 == Self.normalized(path) }
        }
        for folder in event.added { add(uri: folder.uri) }
    }

    /// The file-read policy of a document in `documentFolder` (nil for a document that is not a file).
    func fileReadPolicy(documentFolder: String?) -> FileReadPolicy {
        .restricted(workFolders: workFolders(documentFolder: documentFolder))
    }

    /// The folders a document may read (hidden entries excepted): the workspace's, and its own.
    func workFolders(documentFolder: String?) -> [String] {
        var result = folders
        if let documentFolder, !Self.isRoot(documentFolder), !result.contains(Self.normalized(documentFolder)) {
            result.append(Self.normalized(documentFolder))
        }
        return result
    }

    private mutating func add(uri: String?) {
        guard let path = uri.flatMap(TextDocument.path(ofURI:)) else { return }
        add(path)
    }

    private mutating func add(_ path: String) {
        let folder = Self.normalized(path)
        guard !Self.isRoot(folder), !folders.contains(folder) else { return }
        folders.append(folder)
    }

    private static func normalized(_ path: String) -> String {
        URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.path
    }

    /// Whether `path` is the root folder, links followed.
    static func isRoot(_ path: String) -> Bool {
        URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.resolvingSymlinksInPath().path == "/"
    }
}
