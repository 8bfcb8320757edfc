import CNcurses
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The terminal, through ncursesw: the only file that calls ncurses. It maps roles to colour
/// pairs and attributes (``CellStyle``s for the terminal's colour count, asked for once it is known),
/// writes wide-character text, reads keys and mouse events, and restores the terminal in
/// ``shutdown()``.
final class NcursesScreen: Screen {
    private var styles: [StyleRole: (pair: Int16, flags: Int32)] = [:]
    private var pairs: [String: Int16] = [:]
    private var cursor: (row: Int, column: Int)?
    private var isActive = true
    private var defaultColors = false
    /// False when the locale is not UTF-8: text is drawn with ``AsciiFallback``.
    private let unicode: Bool
    /// The number of colours in use (0 for none).
    private(set) var colorCount = 0

    /// - Parameter styles: how each role looks on a terminal with the given number of colours
    ///   (0 when it has none).
    init(styles: (_ colorCount: Int) -> [StyleRole: CellStyle]) {
        unicode = TerminalCapabilities.localeIsUTF8()
        initscr()
        raw()
        noecho()
        nonl()
        keypad(mbml_stdscr(), true)
        nodelay(mbml_stdscr(), true)
        set_escdelay(25)
        if has_colors() {
            start_color()
            defaultColors = use_default_colors() == OK
            colorCount = Int(mbml_colors())
        }
        prepareStyles(styles(colorCount))
        mbml_mouse_enable(0)
        writeControl(Self.bracketedPasteOn)
    }

    var size: TerminalSize {
        TerminalSize(rows: Int(mbml_getmaxy(mbml_stdscr())), columns: Int(mbml_getmaxx(mbml_stdscr())))
    }

    func clear() {
        let normal = styles[.normal] ?? (0, 0)
        mbml_set_background(normal.pair, normal.flags)
        erase()
    }

    func put(_ text: String, row: Int, column: Int, role: StyleRole) {
        let style = styles[role] ?? (0, 0)
        mbml_set_style(style.pair, style.flags)
        let shown = unicode ? text : AsciiFallback.ascii(text)
        var characters = TerminalText.scalars(shown).map { wchar_t(bitPattern: $0.value) }
        characters.append(0)
        _ = mvwaddnwstr(mbml_stdscr(), Int32(row), Int32(column), characters, Int32(characters.count - 1))
    }

    func setCursor(_ position: (row: Int, column: Int)?) {
        cursor = position
    }

    func present() {
        if let cursor = cursor {
            curs_set(1)
            move(Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        refresh()
    }

    /// Hands the terminal to another program (the user's editor): leaves curses mode (mouse
    /// reporting and bracketed paste off, the cursor shown), runs `body`, which starts the
    /// program in the terminal's foreground and waits for it (``ForegroundJob``), then takes the
    /// terminal back in the modes it had and repaints everything on the next frame.
    func handOver<T>(mouseEnabled: Bool, to body: () -> T) -> T {
        mbml_mouse_enable(0)
        writeControl(Self.bracketedPasteOff)
        def_prog_mode()
        curs_set(1)
        endwin()
        let result = body()
        reset_prog_mode()
        writeControl(Self.bracketedPasteOn)
        mbml_mouse_enable(mouseEnabled ? 1 : 0)
        clearok(mbml_stdscr(), true)
        refresh()
        return result
    }

    /// Reads every key waiting, without blocking.
    func readInputs() -> [RawInput] {
        var inputs: [RawInput] = []
        var character: wint_t = 0
        while true {
            let status = wget_wch(mbml_stdscr(), &character)
            if status == ERR { break }
            if status == KEY_CODE_YES {
                if let key = decodeKeyCode(Int32(character)) { inputs.append(.key(key)) }
            } else {
                inputs.append(.character(UInt32(character)))
            }
        }
        return inputs
    }

    /// Turns mouse reporting on or off.
    func setMouseReporting(_ enabled: Bool) {
        mbml_mouse_enable(enabled ? 1 : 0)
    }

    /// Puts `text` on the terminal's clipboard with OSC 52.
    func copyToClipboard(_ text: String) {
        let sequence = Clipboard.osc52Sequence(for: text)
        _ = mbml_flush_stdout()
        _ = sequence.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    }

    /// Leaves curses mode and restores the terminal. Safe to call twice.
    func shutdown() {
        guard isActive else { return }
        isActive = false
        mbml_mouse_enable(0)
        writeControl(Self.bracketedPasteOff)
        // Terminals without an alternate screen would keep the last frame: leave a blank one.
        mbml_set_background(0, 0)
        werase(mbml_stdscr())
        wmove(mbml_stdscr(), 0, 0)
        wrefresh(mbml_stdscr())
        curs_set(1)
        endwin()
    }

    /// Turns on the terminal's bracketed paste mode (pasted text arrives as one ``Key/paste(_:)``).
    static let bracketedPasteOn = "\u{1B}[?2004h"
    static let bracketedPasteOff = "\u{1B}[?2004l"

    /// Writes a control sequence straight to the terminal, after what curses has buffered.
    private func writeControl(_ sequence: String) {
        _ = mbml_flush_stdout()
        _ = sequence.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
    }

    /// Makes the next ``present()`` repaint every cell (Ctrl-L, after a resume).
    func invalidate() {
        clearok(mbml_stdscr(), true)
    }

    /// Ctrl-Z: restores the terminal, stops the process as the shell's job control expects, and
    /// takes the terminal back when `fg` continues it. The caller redraws.
    func suspend(mouseEnabled: Bool) {
        guard isActive else { return }
        mbml_mouse_enable(0)
        writeControl(Self.bracketedPasteOff)
        curs_set(1)
        endwin()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Continued (fg).
        refresh()
        writeControl(Self.bracketedPasteOn)
        mbml_mouse_enable(mouseEnabled ? 1 : 0)
        invalidate()
    }

    /// Restores the terminal if the process crashes (a trap, a bad access, an abort) before dying
    /// with the same signal, so that a crash never leaves the shell in curses mode.
    static func installCrashGuard() {
        for number in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            signal(number) { received in
                endwin()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    // MARK: Keys

    private func decodeKeyCode(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case mbml_key_resize(): return .resize
        case mbml_key_mouse():
            var y: Int32 = 0
            var x: Int32 = 0
            switch mbml_read_mouse(&y, &x) {
            case 1: return .mouse(MouseEvent(kind: .press, row: Int(y), column: Int(x)))
            case 4: return .mouse(MouseEvent(kind: .wheelUp, row: Int(y), column: Int(x)))
            case 5: return .mouse(MouseEvent(kind: .wheelDown, row: Int(y), column: Int(x)))
            default: return nil
            }
        default:
            if code > KEY_F0, code <= KEY_F0 + 12 { return .function(Int(code - KEY_F0)) }
            return nil
        }
    }

    // MARK: Styles

    private func prepareStyles(_ cellStyles: [StyleRole: CellStyle]) {
        for role in StyleRole.allCases {
            let style = cellStyles[role] ?? CellStyle()
            let pair = style.colors.map { colorPair(foreground: $0.foreground, background: $0.background) } ?? 0
            styles[role] = (pair, Int32(style.attributes.rawValue))
        }
    }

    private func colorPair(foreground: Int?, background: Int?) -> Int16 {
        let fg = Int16(foreground ?? (defaultColors ? -1 : 7))
        let bg = Int16(background ?? (defaultColors ? -1 : 0))
        let key = "\(fg)/\(bg)"
        if let pair = pairs[key] { return pair }
        let next = Int16(pairs.count + 1)
        guard Int32(next) < mbml_color_pairs() else { return 0 }
        init_pair(next, fg, bg)
        pairs[key] = next
        return next
    }
}
