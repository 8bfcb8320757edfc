import Foundation

/// The Environment functions of <doc:FunctionLibrary>: which MBML files the environment has loaded
/// (``Environment/mbmlPathsLoaded``): the manifest, the built-in core module
/// (`MBDataEnvironmentModule.xml`, reported as the original reports its file) and the includes.
enum EnvironmentFunctions {
    static var all: [FunctionDefinition] {
        [
            FunctionDefinition(
                "mbmlLoadedPaths", input: .none, signature: "^mbmlLoadedPaths()", category: .environment,
                summary:
                    "Returns an Array with the full paths of the MBML files the environment has loaded, in load order: the manifest, the built-in core module (reported as <built-in>/MBDataEnvironmentModule.xml) and the includes."
            ) { call in
                .array(loadedPaths(of: call.environment).map(Value.string))
            },

            FunctionDefinition(
                "mbmlLoadedFiles", input: .none, signature: "^mbmlLoadedFiles()", category: .environment,
                summary:
                    "Returns an Array with the file name (last path component) of each loaded MBML file, in load order."
            ) { call in
                .array(loadedPaths(of: call.environment).map { .string(PathText.lastComponent($0)) })
            },

            FunctionDefinition(
                "mbmlPathIsLoaded", input: .string, signature: "^mbmlPathIsLoaded(path)", category: .environment,
                summary:
                    "Returns true if the MBML file at the given path has been loaded. Both paths are standardised first (~ expanded, . and .. components and duplicate slashes removed). Never fails; no input gives false."
            ) { call in
                guard let path = call.optionalText, !path.isEmpty else { return .boolean(false) }
                let wanted = standardizedPath(path)
                return .boolean(loadedPaths(of: call.environment).contains { standardizedPath($0) == wanted })
            },

            FunctionDefinition(
                "mbmlFileIsLoaded", input: .string, signature: "^mbmlFileIsLoaded(fileName)", category: .environment,
                summary:
                    "Returns true if any loaded MBML file has exactly this file name (last path component, case-sensitive). Never fails; no input gives false."
            ) { call in
                guard let name = call.optionalText, !name.isEmpty else { return .boolean(false) }
                return .boolean(loadedPaths(of: call.environment).contains { PathText.lastComponent($0) == name })
            },
        ]
    }

    /// The loaded files as the original reports them, core module included.
    static func loadedPaths(of environment: Environment) -> [String] {
        environment.mbmlPathsLoaded
    }

    /// `path` with `~` expanded and `.`, `..` and empty components removed (purely textual: no
    /// symbolic links are resolved). `..` above the root of an absolute path stays at the root.
    static func standardizedPath(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        let isAbsolute = expanded.hasPrefix("/")
        var components: [Substring] = []
        for component in expanded.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                if let last = components.last, last != ".." {
                    components.removeLast()
                } else if !isAbsolute {
                    components.append(component)
                }
            default: components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        return isAbsolute ? "/" + joined : joined
    }
}
