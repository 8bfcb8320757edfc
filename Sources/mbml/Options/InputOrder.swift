/// Recovers the order in which `--manifest` and `--data` options were given.
///
/// swift-argument-parser collects each option into its own array, which loses how the two
/// interleave, and the order matters: inputs load into one environment in command-line order, each
/// seeing what came before it. This reads the raw arguments for the option names only; the values
/// themselves come from the parser.
enum InputOrder {
    enum Kind: Equatable {
        case manifest
        case data
    }

    /// The kinds of `--manifest`/`--data` occurrences in `arguments`, in order, up to a `--`.
    ///
    /// - Returns: nil when the occurrences do not match the parsed counts (a value that happens to
    ///   be spelled like an option, say); callers then load manifests first, then data files.
    static func kinds(in arguments: [String], manifestCount: Int, dataCount: Int) -> [Kind]? {
        var kinds: [Kind] = []
        var skipValue = false
        for argument in arguments {
            if skipValue {
                skipValue = false
                continue
            }
            if argument == "--" { break }
            if argument == "--manifest" || argument == "--data" {
                kinds.append(argument == "--manifest" ? .manifest : .data)
                skipValue = true
            } else if argument.hasPrefix("--manifest=") {
                kinds.append(.manifest)
            } else if argument.hasPrefix("--data=") {
                kinds.append(.data)
            }
        }
        let manifests = kinds.filter { $0 == .manifest }.count
        guard manifests == manifestCount, kinds.count - manifests == dataCount else { return nil }
        return kinds
    }
}
