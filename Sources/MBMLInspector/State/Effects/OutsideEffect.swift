import MBMLEngine

/// The world outside the screen (``InspectorEffect/outside(_:)``).
enum OutsideEffect: Equatable {
    /// Open `file` at `line` in the user's editor (`$VISUAL`, `$EDITOR`, else `vi`), then reload.
    case openInEditor(file: String, line: Int)
    /// Open the JSON Lines `file` in the user's editor at the line of record `record` (0-based).
    case openRecordInEditor(file: String, record: Int)
    /// Put text on the clipboard (OSC 52).
    case copyToClipboard(String)
    /// Write a value as JSON (a string as its text) to a new file in the current directory named
    /// like `name` (never over an existing file), in the background; answer with `.notice`.
    case writeValueFile(name: String, value: Value)
    /// Write the history file.
    case saveHistory([String])
    /// Turn mouse reporting on or off.
    case setMouse(Bool)
    /// Leave the inspector.
    case quit
}
