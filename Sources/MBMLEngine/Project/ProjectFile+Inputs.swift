import Foundation

/// What a front end loads in a project: the project's inputs in the project's order, with what
/// the person named on top.
extension ProjectFile {
    /// The project file that applies to `path` (``ProjectFileLocator``), read and checked; nil when
    /// there is none.
    /// - Throws: ``ProjectFileError`` when the one found cannot be used.
    public static func discover(from path: String) throws(ProjectFileError) -> ProjectFile? {
        guard let found = ProjectFileLocator.projectFile(for: path) else { return nil }
        return try ProjectFile(contentsOf: found)
    }

    /// The inputs of a run in this project: `environment` (the `$ENV` the run decided on, see
    /// ``processEnvironmentInput(from:)``) first, then the project's inputs in order, then `extra`
    /// (what the person named), leaving out those the project loads already: a manifest of the
    /// project named again loads once, in the project's place.
    public func environmentInputs(environment: EnvironmentInput?, then extra: [EnvironmentInput]) -> [EnvironmentInput]
    {
        let more = extra.filter { input in
            switch input {
            case .manifest(let url): return !loads(url)
            case .data(let spec): return !inputs.contains(.data(DataFileSpec(name: spec.name, path: absolute(spec))))
            default: return true
            }
        }
        return (environment.map { [$0] } ?? []) + inputs + more
    }

    /// The inputs of one open document of the project (the language server): the project's inputs
    /// with the document's text, `document`, in the place of the file at `url` when the project
    /// loads it, else after them; `$ENV` first when the project has it.
    public func environmentInputs(
        replacing url: URL, with document: EnvironmentInput,
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) -> [EnvironmentInput] {
        let wanted = FileReadPolicy.resolved(url.path)
        var replaced = false
        var result: [EnvironmentInput] = processEnvironmentInput(from: processEnvironment).map { [$0] } ?? []
        for input in inputs {
            if let file = input.fileURL, FileReadPolicy.resolved(file.path) == wanted {
                result.append(document)
                replaced = true
            } else {
                result.append(input)
            }
        }
        if !replaced { result.append(document) }
        return result
    }

    private func absolute(_ spec: DataFileSpec) -> String {
        FileReadPolicy.resolved(spec.url().path)
    }
}
