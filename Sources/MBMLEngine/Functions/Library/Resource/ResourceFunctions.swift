import Foundation

/// The portable Resource function of <doc:FunctionLibrary>. The two bundle lookups have no Linux
/// meaning and are declared with the other unsupported functions (``UnavailableFunctions``).
enum ResourceFunctions {
    static var all: [FunctionDefinition] {
        [
            FunctionDefinition(
                "directoryForMainBundle", input: .none, signature: "^directoryForMainBundle()", category: .resource,
                summary:
                    "Returns the path of the directory containing the running executable (the Linux stand-in for the main application bundle), e.g. /opt/tool/bin for /opt/tool/bin/mbml. Never fails."
            ) { _ in .string(mainBundleDirectory()) }
        ]
    }

    /// The directory of the running executable, as Foundation's `Bundle.main` reports it on Linux.
    static func mainBundleDirectory() -> String {
        if let executable = Bundle.main.executablePath {
            return PathText.deletingLastComponent(executable)
        }
        return Bundle.main.bundlePath
    }
}
