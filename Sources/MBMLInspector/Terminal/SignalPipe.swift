import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Turns termination signals into bytes on a pipe that the event loop polls, so that SIGINT,
/// SIGTERM and SIGHUP end the loop normally and the terminal is restored on the way out.
final class SignalPipe {
    private var sources: [DispatchSourceSignal] = []
    private let signals: [Int32]
    private var descriptors: [Int32] = [-1, -1]
    private let queue = DispatchQueue(label: "mbml.inspector.signals")

    init(signals: [Int32]) {
        self.signals = signals
        if pipe(&descriptors) == 0 {
            for fd in descriptors {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        let writeEnd = descriptors[1]
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(writeEnd, &byte, 1)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Readable when a signal arrived.
    var fileDescriptor: Int32 { descriptors[0] }

    /// The signals received since the last call.
    func takeSignals() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 16)
        var received: [Int32] = []
        while true {
            let count = read(descriptors[0], &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count].map { Int32($0) }
        }
        return received
    }

    /// Puts the default signal handling back.
    func restore() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in signals { signal(number, SIG_DFL) }
        for fd in descriptors where fd >= 0 { close(fd) }
        descriptors = [-1, -1]
    }
}
