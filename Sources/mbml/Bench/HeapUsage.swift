import CMalloc

/// Bytes the C allocator has handed out and not yet taken back, for `mbml bench`'s rows that
/// check that releasing a loaded space gives its memory back.
enum HeapUsage {
    /// Bytes in use: small blocks and separately mapped large ones (glibc's `mallinfo2`); nil
    /// where the C library has no such call.
    static func bytesInUse() -> Int? {
        #if os(Linux)
        let info = mallinfo2()
        return Int(info.uordblks + info.hblkhd)
        #else
        return nil
        #endif
    }
}
