import Foundation
import MBMLEngine
import Synchronization

/// A log that prints on standard error until it is closed: `mbml check` shows what loading the
/// environment reports (warnings, a manifest's `^log`), then keeps the cases' `^log` output to
/// itself unless `--log` asks for it.
final class GatedLog: Sendable {
    private let isOpen = Mutex(true)

    /// The sink to build the environment with.
    var sink: LogSink {
        let printing = LogSink.standardError()
        return LogSink(handler: { [self] message in
            if isOpen.withLock({ $0 }) { printing.write(message) }
        })
    }

    /// From now on nothing is printed.
    func close() {
        isOpen.withLock { $0 = false }
    }
}
