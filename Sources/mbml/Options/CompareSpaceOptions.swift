import ArgumentParser
import MBMLEngine

/// The second space of `mbml inspect … --compare MANIFEST [--data NAME=FILE.json]…`: everything after
/// `--compare`.
struct CompareSpaceOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The second space's manifest.", valueName: "manifest"))
    var manifest: String

    @OptionGroup var session: SessionOptions

    /// Parses the arguments that followed `--compare`.
    static func parsing(_ arguments: [String]) throws -> CompareSpaceOptions {
        do {
            return try parse(arguments)
        } catch {
            throw ValidationError("--compare MANIFEST [--data NAME=FILE.json]…: " + message(for: error))
        }
    }
}
