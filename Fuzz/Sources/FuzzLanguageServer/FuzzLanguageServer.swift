import FuzzSupport
import MBMLLanguageServer

/// Fuzzes the language server's framing and message handling: the input is a byte stream as a
/// client would write it to `mbml lsp` (after an `initialize` the target sends itself, so that most
/// inputs reach the running server), fed in chunks whose sizes come from the input's first byte.
/// Documents load in the answering thread with short budgets, so that slow manifests do not slow
/// the fuzzer down. Replies are framed as the session writes them, and each must be read back by
/// ``MessageReader`` as exactly the messages written: a crash, a leak, a libFuzzer timeout or a
/// reply that does not frame back is a finding.
enum FuzzLanguageServer {
    static func run(_ bytes: [UInt8]) {
        let endpoint = LanguageServerEndpoint(limits: .init(loadSeconds: 0.05, answerSeconds: 0.01))
        var replies = endpoint.receive(initialize)
        let chunk = max(1, Int(bytes.first ?? 0))
        var index = 0
        while index < bytes.count, endpoint.exitStatus == nil {
            let end = min(bytes.count, index + chunk)
            replies += endpoint.receive(bytes[index..<end])
            index = end
        }
        var reader = MessageReader()
        for reply in replies { reader.append(reply) }
        var count = 0
        while let input = reader.next() {
            guard case .message = input else { fatalError("a reply does not frame back: \(input)") }
            count += 1
        }
        if count != replies.count { fatalError("\(replies.count) replies framed back as \(count) messages") }
    }

    static let initialize = Array(
        MessageWriter.frame(
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{},"rootUri":null}}"#))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguageServerInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzLanguageServer.run(fuzzBytes(data, size))
    return 0
}

@_cdecl("FuzzLanguageServer_main")
public func fuzzLanguageServerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzLanguageServerInput)
}
