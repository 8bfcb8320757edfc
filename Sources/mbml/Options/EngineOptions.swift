import ArgumentParser
import Foundation
import MBMLEngine

/// The options that build the environment expressions run in: manifests, plus the data files,
/// `$ENV` and file-write permission of ``SessionOptions``. How a run builds its environment from
/// them is in ``EngineSettings``.
struct EngineOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "An MBML manifest to load (repeatable; - reads standard input). Inputs load in command-line order into one environment, each seeing what came before it.",
            valueName: "file"))
    var manifest: [String] = []

    @OptionGroup var session: SessionOptions

    func validate() throws {
        try checkValues()
    }
}

extension EngineOptions: EngineSettings {}
