import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a ``LanguageServer`` over standard input and output until `exit` or the end of input.
struct LanguageServerSession {
    var server = LanguageServer()

    /// Serves until the client sends `exit` or closes standard input; returns the exit status
    /// (0 after `shutdown` then `exit`, 1 otherwise, as LSP asks).
    func run() -> Int32 {
        var reader = MessageReader()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return server.state == .shutDown ? 0 : 1 }
            reader.append(chunk[0..<count])
            while let input = reader.next() {
                let replies: [JSONValue]
                switch input {
                case .message(let body): replies = server.handle(body)
                case .badHeader(let reason): replies = server.handleBadHeader(reason)
                }
                for reply in replies {
                    StandardStream.output.write(String(decoding: MessageWriter.frame(reply.encoded), as: UTF8.self))
                }
                if let status = server.exitStatus { return status }
            }
        }
    }
}
