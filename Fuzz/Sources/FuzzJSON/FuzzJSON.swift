import Foundation
import FuzzSupport
import MBMLEngine

/// Fuzzes the JSON reader in both dialects (plain data files and the tagged encoding) and the writer:
/// whatever the tagged reader accepts is written back and must read again.
enum FuzzJSON {
    static func read(_ bytes: [UInt8]) {
        _ = try? JSONCodec.decodePlain(Data(bytes))
        guard let value = try? JSONCodec.decodeTagged(String(decoding: bytes, as: UTF8.self)) else { return }
        let written = JSONCodec.encode(value)
        do {
            _ = try JSONCodec.decodeTagged(written)
        } catch {
            fatalError("the writer's output does not read back: \(written.prefix(200)): \(error)")
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
