import Foundation

/// Where `--theme NAME` looks: `./Themes`, then the themes installed beside the binary
/// (`PREFIX/share/mbml/themes` for `PREFIX/bin/mbml`, as `Tools/install.sh` and the Debian package
/// lay them out), then the themes built into the binary.
enum InstalledThemes {
    /// The folder `Tools/install.sh` and the Debian package put the themes in, for the binary at
    /// `executable` (symbolic links resolved, so a link on the `PATH` finds the real prefix).
    static func folder(forExecutable executable: URL) -> URL {
        executable.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/mbml/themes")
    }

    /// The running binary: `/proc/self/exe` where there is one, else the first argument.
    static var runningExecutable: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? "mbml")
    }

    /// The theme folders, in the order they are searched: `./Themes`, then the installed ones.
    static func searchFolders(currentDirectory: String = FileManager.default.currentDirectoryPath) -> [URL] {
        [
            URL(fileURLWithPath: currentDirectory).appendingPathComponent("Themes"),
            folder(forExecutable: runningExecutable),
        ]
    }
}
