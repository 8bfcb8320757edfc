/// A decoded key press (or terminal event) as the reducer sees it.
enum Key: Hashable, Sendable {
    /// A printable character.
    case character(Character)
    /// Control plus a letter: `.control("a")` is Ctrl-A.
    case control(Character)
    /// Alt (Meta) plus a character, sent by terminals as Escape followed by the character.
    case alt(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case backspace, delete, insert
    case enter, tab, backTab, escape
    /// A function key, F1 to F12.
    case function(Int)
    /// A mouse event (only reported while mouse support is on).
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize
    /// Text pasted while bracketed paste is on, exactly as the terminal sent it.
    case paste(String)
}

/// A mouse event in screen coordinates.
struct MouseEvent: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case press, wheelUp, wheelDown
    }

    var kind: Kind
    var row: Int
    var column: Int
}
