import Foundation
import FuzzSupport
import MBMLEngine

/// Fuzzes the JSON reader in both dialects (plain data files and the tagged encoding) and the writer:
/// whatever the tagged reader accepts is written back and must read again. A data file read lazily
/// (``JSONDocument``: the structural indexer, then decoding where read) must give exactly what
/// reading it whole gives: the same encoding, the same text, the same error.
enum FuzzJSON {
    static func read(_ bytes: [UInt8]) {
        compareLazyAndWholeReading(bytes)
        guard let value = try? JSONCodec.decodeTagged(String(decoding: bytes, as: UTF8.self)) else { return }
        let written = JSONCodec.encode(value)
        do {
            _ = try JSONCodec.decodeTagged(written)
        } catch {
            fatalError("the writer's output does not read back: \(written.prefix(200)): \(error)")
        }
    }
}

extension FuzzJSON {
    static func compareLazyAndWholeReading(_ bytes: [UInt8]) {
        let whole: Result<Value, Error> = Result { try JSONCodec.decodePlain(Data(bytes)) }
        let lazy: Result<Value, Error> = Result { try JSONCodec.decodePlainLazily(bytes) }
        switch (whole, lazy) {
        case (.success(let expected), .success(let actual)):
            // Equality only without non-finite numbers (`1e999`), which equal nothing, not even
            // themselves, though an array compared with itself short-cuts to equal.
            let encoded = JSONCodec.encode(expected)
            guard JSONCodec.encode(actual) == encoded, actual.text == expected.text,
                actual == expected || encoded.contains(#"{"$number":"#),
                actual.collectionCount == expected.collectionCount
            else { fatalError("lazy reading differs: \(JSONCodec.encode(actual).prefix(200))") }
            // A view over the document reads its last element through the index, not by walking.
            if case .array(let elements) = actual, elements.isDocumentView, let last = elements.last {
                guard JSONCodec.encode(last) == JSONCodec.encode(expected.arrayValue?.last) else {
                    fatalError("lazy element differs")
                }
            }
        case (.failure(let expected), .failure(let actual)):
            guard String(describing: expected) == String(describing: actual) else {
                fatalError("lazy reading fails differently: \(actual) instead of \(expected)")
            }
        default:
            fatalError("lazy reading disagrees on validity: whole \(whole), lazy \(lazy)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzJSON.read(fuzzBytes(data, size))
    return 0
}

@_cdecl("FuzzJSON_main")
public func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzJSONInput)
}
