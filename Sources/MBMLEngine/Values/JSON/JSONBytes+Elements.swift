extension JSONBytes {
    /// Walks the elements of the (checked) array whose opening bracket is at `open` in `base`
    /// (`end` bytes): calls `body` with where each element begins, in order, while it returns true.
    ///
    /// - Returns: true when the walk reached the closing bracket, false when `body` stopped it,
    ///   nil when the text is not as checked (it changed under a mapped file's read: a control byte
    ///   ends a value, ``skipValue(_:_:_:)``) or `open` holds no bracket.
    @inline(__always)
    static func walkElements(
        _ base: UnsafePointer<UInt8>, arrayAt open: Int, end: Int, _ body: (Int) throws -> Bool
    ) rethrows -> Bool? {
        guard open < end, base[open] == UInt8(ascii: "[") else { return nil }
        var position = skipWhitespace(base, open + 1, end)
        if position < end, base[position] == UInt8(ascii: "]") { return true }
        while position < end {
            guard try body(position) else { return false }
            position = skipWhitespace(base, skipValue(base, position, end), end)
            guard position < end else { return nil }
            switch base[position] {
            case UInt8(ascii: "]"): return true
            case UInt8(ascii: ","): position = skipWhitespace(base, position + 1, end)
            default: return nil
            }
        }
        return nil
    }
}
