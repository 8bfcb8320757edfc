import Foundation
import FuzzSupport
import MBMLEngine

/// Fuzzes manifest loading from bytes: the input is loaded as the text of a manifest in an empty
/// temporary folder (so relative includes find nothing), file writes off. Load errors are expected.
enum FuzzManifest {
    static let folder = NSTemporaryDirectory() + "mbml-fuzz-manifest-\(getpid())"

    static func load(_ bytes: [UInt8]) {
        let loader = ManifestLoader(options: EnvironmentOptions(allowsFileWrites: false), log: LogSink(limit: 16))
        _ = try? loader.load(contents: String(decoding: bytes, as: UTF8.self), path: folder + "/manifest.xml")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifestInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzManifest.load(fuzzBytes(data, size))
    return 0
}

@_cdecl("FuzzManifest_main")
public func fuzzManifestMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzManifestInput)
}
