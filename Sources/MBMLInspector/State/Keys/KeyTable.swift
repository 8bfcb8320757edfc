import Foundation

/// Where a key binding applies: the focused pane, an open overlay, or a moment (while loading).
enum KeyScope: Hashable, Sendable {
    /// Every pane, the editor included (checked before the focused pane).
    case everywhere
    /// Every pane but the editor (after the pane's own keys).
    case outsidePanes
    /// While a load or dynamic variables are running (before the pane, which then gets the key too).
    case whileLoading
    case editor, variables, copyChoice, results, tokens, pins, log
    case viewer, viewerSearching, diagnostics, helpScreen
    /// While step mode (F8) is on: before every pane.
    case steps
    /// While the editor's reverse history search (Alt-R) is open (before ``prompt``).
    case historySearch
    /// While a prompt is open: a `/` search, the history search, the file name after Ctrl-S
    /// (see ``PromptLine``).
    case prompt
}

/// One key or several keys doing one thing in one scope.
struct KeyBinding: Equatable, Sendable {
    var keys: [Key]
    var command: KeyCommand
    /// Nil: the scope of the section the binding is listed in.
    var scope: KeyScope?
}

/// A row of the key table: the keys as people read them, what they do, and the bindings they stand for.
struct KeyTableRow: Equatable, Sendable {
    /// The keys as written in the help screen and the README; Markdown code spans (`` `q` ``) are
    /// plain text on the help screen. Every key of `bindings` is named in it (a test checks).
    var label: String
    /// What the keys do, short enough for the help screen.
    var help: String
    /// The README's longer wording, when the help screen's is too short.
    var detail: String?
    var bindings: [KeyBinding]
}

/// A group of rows under a heading: the bindings of one pane or overlay.
struct KeyTableSection: Equatable, Sendable {
    var title: String
    /// Said after the title (`(focused at start)`), Markdown allowed.
    var note: String?
    var scope: KeyScope
    var rows: [KeyTableRow]
}

/// The inspector's keys, written once: the reducer asks ``command(for:in:)``, the help screen
/// (``HelpContent``) lists ``sections``, and the README's key table is ``markdown`` (a test
/// compares them).
enum KeyTable {
    /// What `key` does in `scope`, if anything.
    static func command(for key: Key, in scope: KeyScope) -> KeyCommand? {
        commands[scope]?[key]
    }

    /// Every binding with its scope resolved, in table order.
    static let bindings: [(scope: KeyScope, binding: KeyBinding)] = sections.flatMap { section in
        section.rows.flatMap { row in row.bindings.map { (scope: $0.scope ?? section.scope, binding: $0) } }
    }

    private static let commands: [KeyScope: [Key: KeyCommand]] = {
        var commands: [KeyScope: [Key: KeyCommand]] = [:]
        for (scope, binding) in bindings {
            for key in binding.keys where commands[scope]?[key] == nil {
                commands[scope, default: [:]][key] = binding.command
            }
        }
        return commands
    }()

    /// The key table as the README shows it (between `<!-- keys:begin -->` and `<!-- keys:end -->`).
    static var markdown: String {
        var lines = ["| keys | what they do |", "| --- | --- |"]
        for section in sections {
            lines.append("| **\(section.title)**\(section.note.map { " " + $0 } ?? "") | |")
            for row in section.rows {
                lines.append(
                    "| \(row.label) | \((row.detail ?? row.help).replacingOccurrences(of: "|", with: "\\|")) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The key table as the help screen shows it.
    static var helpLines: [HelpContent.Line] {
        var lines: [HelpContent.Line] = []
        for section in sections {
            if !lines.isEmpty { lines.append(.blank) }
            lines.append(.heading(plain(section.title + (section.note.map { " " + $0 } ?? ""))))
            for row in section.rows { lines.append(.key(plain(row.label), row.help)) }
        }
        return lines
    }

    /// The keys of the section of `scope` on one line, each with the first words of its help (up to
    /// a `:` or a `(`): `→ n / ← p next / previous step · o over · …`.
    static func summary(of scope: KeyScope) -> String {
        let rows = sections.first { $0.scope == scope }?.rows ?? []
        return rows.map { row in
            let help = row.help.prefix { $0 != ":" && $0 != "(" }.trimmingCharacters(in: .whitespaces)
            return plain(row.label) + " " + help
        }.joined(separator: " · ")
    }

    /// Markdown code spans as plain text.
    static func plain(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: "`", with: "")
    }
}

extension Key {
    /// The key's name as the key table writes it: `Ctrl-A`, `Alt-Backspace`, `↑`, `PgUp`, `F5`, `q`.
    var displayName: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let character): return "Ctrl-" + character.uppercased()
        case .alt("\u{7F}"): return "Alt-Backspace"
        case .alt(let character): return "Alt-" + (character.isLowercase ? character.uppercased() : String(character))
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .escape: return "Esc"
        case .function(let number): return "F\(number)"
        case .mouse: return "mouse"
        case .resize: return "resize"
        case .paste: return "paste"
        }
    }
}
