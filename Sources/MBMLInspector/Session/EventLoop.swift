import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The inspector's loop: poll(stdin, signals, evaluation answers, watcher) → actions → state →
/// one frame. Nothing in it blocks for long: evaluation runs on a background queue.
struct EventLoop {
    let session: InspectorSession
    let terminal: NcursesScreen
    let watcher: FileWatcher
    let signals: SignalPipe
    /// How often to send ``InspectorAction/refresh`` (nil: never).
    var refreshInterval: TimeInterval?

    /// How long a frame waits for a just-requested evaluation before drawing without it.
    static let evaluationGrace: Int32 = 12
    /// How long an Escape waits for the rest of an Alt or escape sequence.
    static let escapeGrace: Int32 = 25
    /// How long the rest of a bracketed paste may take to arrive.
    static let pasteGrace: Int32 = 500

    /// Runs until the user quits or a termination signal arrives.
    /// - Returns: the signal that ended the loop, or nil after a normal quit.
    func run() -> Int32? {
        session.render(on: terminal)
        var nextRefresh = refreshInterval.map { Date().addingTimeInterval($0) }
        while !session.state.shouldQuit {
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: session.wakeFileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: session.loadWakeFileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: session.searchWakeFileDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout(refreshAt: nextRefresh))
            if descriptors[1].revents != 0, let signal = signals.takeSignals().first { return signal }
            if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return SIGHUP }
            if descriptors[0].revents & Int16(POLLIN) != 0 || ready < 0 { readKeys() }
            if descriptors[2].revents != 0 { session.deliverFinishedEvaluations() }
            if descriptors[4].revents != 0 { session.deliverFinishedLoads() }
            if descriptors[5].revents != 0 { session.deliverSearchResults() }
            if !watcher.changedFiles().isEmpty { session.send(.filesChanged) }
            if let due = nextRefresh, let interval = refreshInterval, due.timeIntervalSinceNow <= 0 {
                session.send(.refresh)
                nextRefresh = Date().addingTimeInterval(interval)
            }
            if session.state.results.isEvaluating { waitBrieflyForEvaluation() }
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
        if case .character(27)? = inputs.last {
            // A lone Escape, or the start of an Alt key / escape sequence still arriving.
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, Self.escapeGrace) > 0 { inputs += terminal.readInputs() }
        }
        // The rest of a paste still arriving: read it all, so that none of it is taken for keys.
        while KeyDecoder.endsInsidePaste(inputs) {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Self.pasteGrace) > 0 else { break }
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

    private func waitBrieflyForEvaluation() {
        var descriptor = pollfd(fd: session.wakeFileDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, Self.evaluationGrace) > 0 { session.deliverFinishedEvaluations() }
    }
}
