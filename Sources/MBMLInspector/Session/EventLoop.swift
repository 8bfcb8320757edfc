import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The inspector's loop: poll(keys, signals, background answers, watcher) → actions → state →
/// one frame. Nothing in it blocks for long: evaluations, loads and searches run on background
/// lanes and come back through one wake descriptor (``InspectorSession/wakeFileDescriptor``).
///
/// It reads keys from an ``InspectorTerminal`` and changes from a ``FileWatcher`` (built on any
/// ``DirectoryEventSource``), so tests drive it with scripted keys and scripted file events.
struct EventLoop {
    let session: InspectorSession
    let terminal: any InspectorTerminal
    let watcher: FileWatcher
    /// Termination signals (nil: none are caught, as in tests).
    let signals: SignalPipe?
    /// How often to send ``InspectorAction/refresh`` (nil: never).
    var refreshInterval: TimeInterval?

    /// How long a frame waits for a just-requested evaluation before drawing without it.
    static let evaluationGrace: Int32 = 12
    /// How long an Escape waits for the rest of an Alt or escape sequence.
    static let escapeGrace: Int32 = 25
    /// How long the rest of a bracketed paste may take to arrive.
    static let pasteGrace: Int32 = 500

    init(
        session: InspectorSession, terminal: any InspectorTerminal, watcher: FileWatcher,
        signals: SignalPipe? = nil, refreshInterval: TimeInterval? = nil
    ) {
        self.session = session
        self.terminal = terminal
        self.watcher = watcher
        self.signals = signals
        self.refreshInterval = refreshInterval
    }

    /// Runs until the user quits or a termination signal arrives.
    /// - Returns: the signal that ended the loop, or nil after a normal quit.
    func run() -> Int32? {
        session.render(on: terminal)
        var nextRefresh = refreshInterval.map { Date().addingTimeInterval($0) }
        while !session.state.shouldQuit {
            var descriptors = [
                pollfd(fd: terminal.inputDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: session.wakeFileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout(refreshAt: nextRefresh))
            if descriptors[1].revents != 0, let signal = signals?.takeSignals().first { return signal }
            if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return SIGHUP }
            if descriptors[0].revents & Int16(POLLIN) != 0 || ready < 0 { readKeys() }
            if descriptors[2].revents != 0 { session.deliverBackgroundAnswers() }
            if !watcher.changedFiles().isEmpty { session.send(.filesChanged) }
            if let due = nextRefresh, let interval = refreshInterval, due.timeIntervalSinceNow <= 0 {
                session.send(.refresh)
                nextRefresh = Date().addingTimeInterval(interval)
            }
            if session.state.results.isEvaluating || session.state.results.isTracing { waitBrieflyForEvaluation() }
            session.render(on: terminal)
        }
        return nil
    }

    private func timeout(refreshAt refresh: Date?) -> Int32 {
        let deadlines = [watcher.nextDeadline, refresh].compactMap { $0 }
        guard let deadline = deadlines.min() else { return -1 }
        let milliseconds = deadline.timeIntervalSinceNow * 1000
        return Int32(max(0, min(milliseconds.rounded(.up), 1000)))
    }

    private func readKeys() {
        var inputs = terminal.readInputs()
        if case .character(27)? = inputs.last, waitForInput(Self.escapeGrace) {
            // A lone Escape, or the start of an Alt key / escape sequence still arriving.
            inputs += terminal.readInputs()
        }
        // The rest of a paste still arriving: read it all, so that none of it is taken for keys.
        while KeyDecoder.endsInsidePaste(inputs), waitForInput(Self.pasteGrace) {
            inputs += terminal.readInputs()
        }
        for key in KeyDecoder.decode(inputs) {
            let command = KeyTable.command(for: key, in: .everywhere)
            if command == .redraw {
                terminal.invalidate()
            } else if command == .suspend {
                terminal.suspend(mouseEnabled: session.state.mouseEnabled)
                session.send(.resize(terminal.size))
            } else if key == .resize {
                session.send(.resize(terminal.size))
            } else {
                session.press(key)
            }
            if session.state.shouldQuit { return }
        }
    }

    /// Whether more input arrived within `milliseconds`.
    private func waitForInput(_ milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: terminal.inputDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    /// Waits up to ``evaluationGrace`` for the evaluation just requested, its rows and then its
    /// traces (a quick text shows its rows and its token values in one frame), delivering whatever
    /// background answers arrive meanwhile.
    private func waitBrieflyForEvaluation() {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.evaluationGrace) * 1_000_000
        while session.state.results.isEvaluating || session.state.results.isTracing {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return }
            var descriptor = pollfd(fd: session.wakeFileDescriptor, events: Int16(POLLIN), revents: 0)
            let left = Int32((deadline - now + 999_999) / 1_000_000)
            guard poll(&descriptor, 1, left) > 0 else { return }
            session.deliverBackgroundAnswers()
        }
    }
}
