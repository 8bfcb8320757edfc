import Foundation

/// The OSC 52 escape sequence that asks the terminal (and tmux, with `set-clipboard on`) to put
/// text on the system clipboard; it works over SSH because the terminal, not the host, does it.
enum Clipboard {
    /// `ESC ] 52 ; c ; <base64> BEL`.
    static func osc52Sequence(for text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }
}
