import ArgumentParser

/// The `--raw` flag of the commands that print the user's own text; the policy it switches is
/// ``ResultOutputSettings``'.
struct ResultOutputOptions: ParsableArguments {
    @Flag(
        name: .long,
        help: "Write control and invisible characters of the result as they are, even to a terminal.")
    var raw = false
}

extension ResultOutputOptions: ResultOutputSettings {}
