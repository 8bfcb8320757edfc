#if canImport(Glibc)
import Glibc
#endif

/// The terminal as the ``EventLoop`` uses it: a screen to draw frames on, the keys typed, and job
/// control. ``NcursesScreen`` is the real one; tests script keys into one drawn in memory.
protocol InspectorTerminal: Screen {
    /// The descriptor `poll(2)` watches for keys; a hang-up on it ends the loop.
    var inputDescriptor: Int32 { get }
    /// The input waiting now, without blocking.
    func readInputs() -> [RawInput]
    /// Makes the next frame redraw every cell (Ctrl-L).
    func invalidate()
    /// Gives the terminal back to the shell until the job is continued (Ctrl-Z).
    func suspend(mouseEnabled: Bool)
}

extension NcursesScreen: InspectorTerminal {
    var inputDescriptor: Int32 { STDIN_FILENO }
}
