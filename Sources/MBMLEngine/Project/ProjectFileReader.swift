import Foundation

/// Reads the members of a project file's JSON (``ProjectFile``) and checks each against what a
/// project file allows, with errors at the member's position.
struct ProjectFileReader {
    /// The project file as errors name it.
    let file: String
    /// The folder relative names resolve against (absolute).
    let folder: String

    /// The top-level object of `bytes`.
    func root(of bytes: [UInt8]) throws(ProjectFileError) -> JSONNode {
        guard let value = (try? JSONDocument.root(of: bytes)) ?? nil, let node = value.jsonNode else {
            do {
                _ = try JSONCodec.decodePlain(bytes, maximumDepth: JSONCodec.defaultMaximumDepth)
            } catch let error as JSONDecodingError {
                throw ProjectFileError(file: file, line: error.line, column: error.column, message: error.message)
            } catch {
                throw ProjectFileError(file: file, line: 1, column: 1, message: String(describing: error))
            }
            throw ProjectFileError(file: file, line: 1, column: 1, message: "a project file is a JSON object")
        }
        guard !node.isArray else {
            let (line, column) = node.position
            throw ProjectFileError(file: file, line: line, column: column, message: "a project file is a JSON object")
        }
        return node
    }

    /// `"load"` (or `"samples"`): an array of manifest names and `{"name": NAME, "data": FILE}` objects.
    func inputs(_ member: JSONNode.PositionedMember) throws(ProjectFileError) -> [EnvironmentInput] {
        try elements(of: member, what: "manifest names and {\"name\", \"data\"} objects").map {
            element throws(ProjectFileError) in
            if case .string(let name) = element.value {
                return .manifest(URL(fileURLWithPath: try loadedPath(name, at: element)))
            }
            guard let object = element.value.jsonNode, !object.isArray else {
                throw error(
                    element,
                    "each entry of \"\(member.key ?? "load")\" is a manifest name or {\"name\": NAME, \"data\": FILE}")
            }
            var name: String?
            var data: String?
            for field in object.positionedMembers() {
                guard case .string(let text) = field.value, !text.isEmpty else {
                    throw error(field, "\"\(field.key ?? "")\" is a non-empty string")
                }
                switch field.key {
                case "name": name = text.hasPrefix("$") ? String(text.dropFirst()) : text
                case "data": data = try loadedPath(text, at: field)
                default: throw error(field, "unknown key \"\(field.key ?? "")\" (a data entry has name and data)")
                }
            }
            guard let name, !name.isEmpty, let data else {
                throw error(element, "a data entry names its variable and its file: {\"name\": NAME, \"data\": FILE}")
            }
            return .data(DataFileSpec(name: name, path: data))
        }
    }

    /// `"env"`: true, false, or an object of strings (present, with these variables set).
    func environment(_ member: JSONNode.PositionedMember) throws(ProjectFileError) -> (Bool, [String: String]) {
        if case .boolean(let present) = member.value { return (present, [:]) }
        guard let object = member.value.jsonNode, !object.isArray else {
            throw error(member, "\"env\" is true, false or an object of strings ({\"BRANCH\": \"main\"})")
        }
        var overrides: [String: String] = [:]
        for variable in object.positionedMembers() {
            guard case .string(let value) = variable.value else {
                throw error(variable, "the value of $ENV[\(variable.key ?? "")] is a string")
            }
            overrides[variable.key ?? ""] = value
        }
        return (true, overrides)
    }

    /// `"allowFileReads"`: folders inside the project folder, read in full.
    func allowedFolders(_ member: JSONNode.PositionedMember) throws(ProjectFileError) -> [String] {
        let inside = FileReadPolicy.restricted(workFolders: [], allowedFolders: [folder])
        return try elements(of: member, what: "folder names").map { element throws(ProjectFileError) in
            let name = try string(element, "a folder name")
            let path = absolute(name)
            if let refusal = inside.refusal(for: path) {
                throw error(
                    element,
                    "\"\(name)\" is not inside the project folder (\(refusal)); a project file allows reads only in its own folder (the person running mbml may allow more)"
                )
            }
            return path
        }
    }

    /// An array of file names, each a file the project may name (``loadedPath(_:at:)``).
    func files(_ member: JSONNode.PositionedMember, kind: String) throws(ProjectFileError) -> [String] {
        try elements(of: member, what: "\(kind) names").map { element throws(ProjectFileError) in
            try loadedPath(try string(element, "a file name"), at: element)
        }
    }

    /// The absolute path of a file the project names, which must lie in the project folder and not
    /// pass through a hidden entry (the file-read policy with the project folder as its one work folder).
    private func loadedPath(_ name: String, at member: JSONNode.PositionedMember) throws(ProjectFileError) -> String {
        let path = absolute(name)
        if let refusal = FileReadPolicy.restricted(workFolders: [folder]).refusal(for: path) {
            throw error(member, "\"\(name)\" cannot be named by this project file: \(refusal)")
        }
        return path
    }

    private func absolute(_ name: String) -> String {
        FileReadPolicy.resolved(name.hasPrefix("/") ? name : folder + "/" + name)
    }

    private func elements(of member: JSONNode.PositionedMember, what: String) throws(ProjectFileError)
        -> [JSONNode.PositionedMember]
    {
        guard let array = member.value.jsonNode, array.isArray else {
            throw error(member, "\"\(member.key ?? "")\" is an array of \(what)")
        }
        return array.positionedMembers()
    }

    private func string(_ member: JSONNode.PositionedMember, _ what: String) throws(ProjectFileError) -> String {
        guard case .string(let text) = member.value, !text.isEmpty else { throw error(member, "expected \(what)") }
        return text
    }

    /// An error at `member`'s position.
    func error(_ member: JSONNode.PositionedMember, _ message: String) -> ProjectFileError {
        ProjectFileError(file: file, line: member.line, column: member.column, message: message)
    }
}
