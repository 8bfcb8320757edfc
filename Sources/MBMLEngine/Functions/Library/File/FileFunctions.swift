import Foundation

/// The File functions of <doc:FunctionLibrary>: path strings and standard directories (this file),
/// probes, reads and deletion (`FileAccessFunctions.swift`).
enum FileFunctions {
    static var all: [FunctionDefinition] {
        pathFunctions + directoryFunctions + accessFunctions
    }

    /// The five path-string functions. They never touch the file system and follow Foundation's
    /// `NSString` path rules (``PathText``); absent input gives null.
    static var pathFunctions: [FunctionDefinition] {
        [
            pathFunction(
                "lastPathComponent", "^lastPathComponent(path)",
                "Returns the final component of a path, ignoring a trailing slash: /tmp/do-not-readme.txt gives do-not-readme.txt, / gives /. Never fails."
            ) {
                .string(PathText.lastComponent($0))
            },
            pathFunction(
                "stripLastPathComponent", "^stripLastPathComponent(path)",
                "Returns a path without its final component and separator: /tmp/do-not-readme.txt gives /tmp, /tmp gives /, file gives an empty string. Never fails."
            ) {
                .string(PathText.deletingLastComponent($0))
            },
            pathFunction(
                "pathExtension", "^pathExtension(path)",
                "Returns the text after the last dot of a path's final component (archive.tar.gz gives gz), or an empty string when there is none. Never fails."
            ) {
                .string(PathText.pathExtension($0))
            },
            pathFunction(
                "stripPathExtension", "^stripPathExtension(path)",
                "Returns a path with its final component's extension and dot removed: /tmp/do-not-readme.txt gives /tmp/do-not-readme. Never fails."
            ) {
                .string(PathText.deletingPathExtension($0))
            },
            pathFunction(
                "pathComponents", "^pathComponents(path)",
                "Returns an Array of a path's components; a leading slash is its own first component, so /tmp/x.txt gives [\"/\", \"tmp\", \"x.txt\"]. Never fails."
            ) {
                .array(PathText.components($0).map(Value.string))
            },
        ]
    }

    private static func pathFunction(
        _ name: String, _ signature: String, _ summary: String,
        _ transform: @escaping @Sendable (String) -> Value
    ) -> FunctionDefinition {
        FunctionDefinition(name, input: .string, signature: signature, category: .file, summary: summary) { call in
            guard let path = call.optionalText else { return nil }
            return transform(path)
        }
    }

    /// The ten `directoryFor…()` functions with their Linux stand-ins (``StandardDirectories``).
    static var directoryFunctions: [FunctionDefinition] {
        let table: [(name: String, meaning: String, path: @Sendable (StandardDirectories) -> String)] = [
            ("Home", "the home directory: $HOME, else the home directory from the user database", { $0.home }),
            (
                "TempFiles", "the directory for temporary files, with a trailing slash: $TMPDIR, else /tmp/",
                { $0.temporaryFiles }
            ),
            (
                "Caches", "the cache directory: $XDG_CACHE_HOME, else $HOME/.cache (Library/Caches on Apple platforms)",
                { $0.caches }
            ),
            (
                "ApplicationSupport",
                "the application data directory: $XDG_DATA_HOME, else $HOME/.local/share (Library/Application Support on Apple platforms)",
                { $0.applicationSupport }
            ),
            ("Documents", "the documents directory: XDG_DOCUMENTS_DIR, else $HOME/Documents", { $0.documents }),
            ("Downloads", "the downloads directory: XDG_DOWNLOAD_DIR, else $HOME/Downloads", { $0.downloads }),
            (
                "Movies", "the videos directory: XDG_VIDEOS_DIR, else $HOME/Videos (Movies on Apple platforms)",
                { $0.movies }
            ),
            ("Music", "the music directory: XDG_MUSIC_DIR, else $HOME/Music", { $0.music }),
            ("Pictures", "the pictures directory: XDG_PICTURES_DIR, else $HOME/Pictures", { $0.pictures }),
            ("PublicFiles", "the shared public directory: XDG_PUBLICSHARE_DIR, else $HOME/Public", { $0.publicFiles }),
        ]
        return table.map { entry in
            FunctionDefinition(
                "directoryFor\(entry.name)", input: .none, signature: "^directoryFor\(entry.name)()", category: .file,
                summary:
                    "Returns the path of \(entry.meaning). XDG user directories are read from the environment or from user-dirs.dirs. The directory need not exist. Never fails."
            ) { _ in .string(entry.path(StandardDirectories())) }
        }
    }
}
