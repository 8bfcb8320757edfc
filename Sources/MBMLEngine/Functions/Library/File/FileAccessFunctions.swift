import Foundation

/// The File functions that touch the file system (<doc:FunctionLibrary>, <doc:FunctionCalls>): probes that never fail,
/// reads that report the operating system's error, and `^deleteFile`, which is refused unless the
/// host enabled ``EnvironmentOptions/allowsFileWrites``.
extension FileFunctions {
    static var accessFunctions: [FunctionDefinition] {
        [
            probe(
                "fileExists",
                "Returns true if something exists at the path (symbolic links are followed, so a dangling link gives false).",
                { FileSystemAccess.exists($0) }),
            probe(
                "fileIsReadable", "Returns true if the item at the path exists and the process may read it.",
                { FileSystemAccess.isReadable($0) }),
            probe(
                "fileIsWritable", "Returns true if the item at the path exists and the process may write it.",
                { FileSystemAccess.isWritable($0) }),
            probe(
                "fileIsDeletable",
                "Returns true if the item at the path exists and the process could remove it (its directory is writable, subject to the sticky-bit ownership rule).",
                { FileSystemAccess.isDeletable($0) }),
            probe(
                "isDirectoryAtPath",
                "Returns true if the item at the path exists and is a directory (symbolic links are followed).",
                { FileSystemAccess.isDirectory($0) }),

            FunctionDefinition(
                "listDirectory", input: .string, signature: "^listDirectory(path)", category: .file,
                summary:
                    "Returns an Array with the names (not paths) of the entries directly inside a directory, hidden entries included, sorted by their bytes. Fails when the path is empty, missing, not a directory or unreadable, or outside the host's file-read policy."
            ) { call in
                let entries = try FileDoor.entries(
                    ofDirectory: try call.text(), policy: call.environment.options.fileReadPolicy)
                return .array(entries.map(Value.string))
            },

            FunctionDefinition(
                "sizeOfFile", input: .string, signature: "^sizeOfFile(path)", category: .file,
                summary:
                    "Returns the size in bytes of the item at the path, from its metadata (a symbolic link itself is measured, not its target). Fails when the item does not exist."
            ) { call in
                .integer(try FileSystemAccess.size(of: try call.text()))
            },

            FunctionDefinition(
                "fileData", input: .string, signature: "^fileData(path)", category: .file,
                summary:
                    "Returns the bytes of the file at the path as Data. Fails when the file is missing or unreadable, when it is not a regular file (a directory, FIFO, device or socket; these are never opened), when it is larger than the file size limit (64 MiB unless the host changes it), when the host's file-read policy does not allow the path (by default nothing in /proc, /sys or /dev), or when the path is empty or contains a NUL character."
            ) { call in
                .data(try contents(of: try call.text(), in: call))
            },

            FunctionDefinition(
                "fileContents", input: .string, signature: "^fileContents(path)", category: .file,
                summary:
                    "Returns the contents of the file at the path decoded as UTF-8 text. Fails like ^fileData, and when the contents are not valid UTF-8."
            ) { call in
                let path = try call.text()
                let data = try contents(of: path, in: call)
                guard let text = utf8Text(data) else {
                    throw FunctionError("the contents of \"\(path)\" are not valid UTF-8 text")
                }
                return .string(text)
            },

            FunctionDefinition(
                "deleteFile", input: .string, signature: "^deleteFile(path)", category: .file,
                summary:
                    "Deletes the item at the path — a directory with everything inside it — and returns true. Refused unless the host allows file writes. Fails when the item does not exist or cannot be removed; it never returns false."
            ) { call in
                guard call.environment.options.allowsFileWrites else { throw FunctionError.fileWritesDisabled }
                try FileSystemAccess.remove(try call.text())
                return .boolean(true)
            },
        ]
    }

    /// The bytes of the regular file at `path`, within the environment's ``EnvironmentOptions/maximumFileSize``.
    private static func contents(of path: String, in call: FunctionCall) throws -> Data {
        let options = call.environment.options
        let bytes = try FileDoor.read(
            path, as: .function, policy: options.fileReadPolicy, maximumSize: options.maximumFileSize,
            checkCancellation: call.checkCancellation)
        try call.chargeMemory(bytes.count)
        return Data(bytes)
    }

    /// `data` decoded as UTF-8, or nil when it is not valid UTF-8.
    static func utf8Text(_ data: Data) -> String? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            return String(validating: data, as: UTF8.self)
        }
        return String(data: data, encoding: .utf8)
    }

    /// A probe: a `string` function returning a Boolean that never fails (absent input is false).
    private static func probe(
        _ name: String, _ summary: String,
        _ test: @escaping @Sendable (String) -> Bool
    ) -> FunctionDefinition {
        FunctionDefinition(
            name, input: .string, signature: "^\(name)(path)", category: .file,
            summary: summary + " Never fails; no input gives false."
        ) { call in
            guard let path = call.optionalText else { return .boolean(false) }
            return .boolean(test(path))
        }
    }
}
