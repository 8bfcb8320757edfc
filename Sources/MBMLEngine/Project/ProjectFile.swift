import Foundation

/// A project file, `mbml.json` (<doc:ProjectFiles>): what loads together — manifests and JSON data
/// files, in order — whether `$ENV` is present, which folders may be read besides, and the
/// project's expectation files. Every front end reads it: the inspector, `eval`, `check`, `render`
/// and the language server, which find it with ``ProjectFileLocator``.
///
/// ```json
/// {
///   "load": ["repos.xml", "CleanroomLogger.xml", {"name": "catalog", "data": "catalog.json"}],
///   "env": true,
///   "allowFileReads": ["fs"],
///   "expectations": ["expectations.jsonl"]
/// }
/// ```
///
/// A project file that belongs to another user (neither the one running mbml nor root) is refused:
/// in a shared folder such as `/tmp` anyone could have put it there.
///
/// A project file widens nothing outside its own folder: every file it names and every folder it
/// allows must lie inside the folder that holds it, and the files it loads may not pass through a
/// hidden entry (`.env`, `.git`) — the rules of the file-read policy (``FileReadPolicy``) with the
/// project folder as the only work folder. A name that breaks them is an error at its position.
public struct ProjectFile: Equatable, Sendable {
    /// The name a project file has.
    public static let fileName = "mbml.json"
    /// The largest project file read, in bytes.
    public static let maximumSize = 1 << 20

    /// The project file's path, absolute and with links resolved.
    public var path: String
    /// The folder that holds it: relative names in it resolve against this folder.
    public var folder: String
    /// The manifests and data files, in load order (absolute paths).
    public var inputs: [EnvironmentInput]
    /// Whether `$ENV` is present (`"env": true`, or an object of variables).
    public var includesProcessEnvironment: Bool
    /// Whether the file has an `"env"` key: when it says `false`, `$ENV` is absent even from a
    /// command that has it by default (`render`).
    public var specifiesProcessEnvironment = false
    /// Variables set in `$ENV` over the process's (`"env": {"BRANCH": "master"}`).
    public var environmentOverrides: [String: String]
    /// Folders read in full besides the work folders (`"allowFileReads"`), absolute.
    public var allowedFolders: [String]
    /// The expectation files (`"expectations"`), absolute paths.
    public var expectationFiles: [String]
    /// Sample inputs (`"samples"`, in the ``inputs`` format), each loaded after the project's inputs
    /// into a space of its own: what the language server shows, labelled a sample, for a name the
    /// project's inputs leave undeclared or an item of a collection that is empty in the project
    /// (another repository's data manifest beside a shared one, as schema associations give a
    /// peer's editor its examples). Nothing else loads them.
    public var sampleInputs: [EnvironmentInput] = []

    /// Reads and checks the project file at `path`, through the engine's file door (as a file the
    /// person running mbml chose: a regular file of at most ``maximumSize`` bytes).
    /// - Throws: ``ProjectFileError`` at the position of what is wrong.
    public init(contentsOf path: String) throws(ProjectFileError) {
        let resolved = FileReadPolicy.resolved(path)
        // A project file someone else could have written (in a shared folder such as /tmp) decides
        // nothing for this user.
        let owner = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.ownerAccountID] as? NSNumber
        if let owner, owner.uint32Value != getuid(), owner.uint32Value != 0 {
            throw ProjectFileError(
                file: path, line: 1, column: 1,
                message:
                    "the project file belongs to another user (uid \(owner.uint32Value)); mbml reads only project files that belong to you or to root"
            )
        }
        let bytes: [UInt8]
        do {
            bytes = try FileDoor.read(resolved, as: .project, policy: .anywhere, maximumSize: Self.maximumSize)
        } catch {
            throw ProjectFileError(
                file: path, line: 1, column: 1, message: "cannot read the project file: \(error)")
        }
        try self.init(bytes: bytes, path: resolved, shownAs: path)
    }

    /// Checks the project file text `bytes` as if it were at `path` (absolute); errors name `shownAs`.
    /// - Throws: ``ProjectFileError``.
    public init(bytes: [UInt8], path: String, shownAs: String? = nil) throws(ProjectFileError) {
        self.path = path
        folder = PathText.deletingLastComponent(path)
        inputs = []
        includesProcessEnvironment = false
        environmentOverrides = [:]
        allowedFolders = []
        expectationFiles = []
        let reader = ProjectFileReader(file: shownAs ?? path, folder: folder)
        let root = try reader.root(of: bytes)
        for member in root.positionedMembers() {
            let key = member.key ?? ""
            switch key {
            case "load": inputs = try reader.inputs(member)
            case "env":
                (includesProcessEnvironment, environmentOverrides) = try reader.environment(member)
                specifiesProcessEnvironment = true
            case "allowFileReads": allowedFolders = try reader.allowedFolders(member)
            case "expectations": expectationFiles = try reader.files(member, kind: "expectation file")
            case "samples": sampleInputs = try reader.inputs(member)
            case "$schema", "description": continue
            default:
                throw reader.error(
                    member,
                    "unknown key \"\(key)\" (a project file has load, env, allowFileReads, expectations, samples and description)"
                )
            }
        }
    }

    /// `$ENV` as the project asks for it, built from `environment` (the process environment by
    /// default) with the project's overrides; nil when the project has no `$ENV`.
    public func processEnvironmentInput(
        from environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> EnvironmentInput? {
        guard includesProcessEnvironment else { return nil }
        return .processEnvironment(environment.merging(environmentOverrides) { _, override in override })
    }

    /// The files the project names, for the file-read policy's work folders: its inputs, samples
    /// and expectation files.
    public var namedFiles: [String] {
        (inputs + sampleInputs).compactMap { $0.fileURL?.path } + expectationFiles
    }

    /// `policy` with the project's folders added: the project folder and its inputs' folders as work
    /// folders (hidden entries excepted), its ``allowedFolders`` in full.
    public func widening(_ policy: FileReadPolicy) -> FileReadPolicy {
        var policy = policy
        guard policy.isRestricted else { return policy }
        policy.addWorkFolder(folder)
        for file in namedFiles { policy.addWorkFolder(PathText.deletingLastComponent(file)) }
        for allowed in allowedFolders { policy.addAllowedFolder(allowed) }
        return policy
    }

    /// Whether `url` is the file of one of the project's inputs (links and `..` resolved).
    public func loads(_ url: URL) -> Bool {
        let wanted = FileReadPolicy.resolved(url.path)
        return inputs.contains { $0.fileURL.map { FileReadPolicy.resolved($0.path) } == wanted }
    }
}
