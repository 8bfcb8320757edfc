/// The libFuzzer entry points shared by the fuzz targets.
///
/// SwiftPM links an executable's entry point as `<Target>_main` and maps `main` to it, which clashes
/// with libFuzzer's own `main`; so each target defines `<Target>_main` and hands libFuzzer its
/// callback through `LLVMFuzzerRunDriver` (libFuzzer's API for hosts with their own `main`).

/// What libFuzzer calls with each input.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: FuzzCallback) -> CInt

/// Runs libFuzzer with the process's arguments (`-max_total_time=60 corpus/`, ...) on `callback`.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ callback: FuzzCallback) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, callback)
}

/// The input bytes as an array (empty for no input).
public func fuzzBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}
