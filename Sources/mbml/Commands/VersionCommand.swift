import ArgumentParser

/// `mbml version`: the release version and the commit the binary was built from, as `mbml --version`
/// prints them; `--release` or `--commit` prints only one of them, for scripts.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print the release version and the commit mbml was built from (as --version does).",
        discussion: """
            Prints `mbml VERSION (commit COMMIT)`. COMMIT is the git commit the binary was built from, \
            followed by -modified when files tracked by git differed from it, or `unknown` for a build \
            outside a git checkout.
            """
    )

    @Flag(name: .long, help: "Print only the release version (such as 0.1.0).")
    var release = false

    @Flag(name: .long, help: "Print only the commit.")
    var commit = false

    func validate() throws {
        if release && commit { throw ValidationError("give --release or --commit, not both") }
    }

    func run() throws {
        let line = release ? MBMLVersion.release : commit ? MBMLVersion.commit : MBMLVersion.description
        StandardStream.report.writeLine(line)
    }
}
