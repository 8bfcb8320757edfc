extension MBMLSyntax {
    /// True when a top-level token of the string context certainly starts at `index` of the UTF-8
    /// text `bytes` (`index` > 0): after a line break, or at a `$`, `^` or `#` that no escape or
    /// sigil precedes (`$$`, `#$`, `\`). Where ``TemplateChunks`` may cut a large template.
    static func certainlyStartsToken(at index: Int, inUTF8 bytes: [UInt8]) -> Bool {
        let previous = bytes[index - 1]
        if previous == UInt8(ascii: "\n") { return true }
        switch bytes[index] {
        case UInt8(ascii: "$"), UInt8(ascii: "^"), UInt8(ascii: "#"):
            return !"$^#\\".utf8.contains(previous)
        default:
            return false
        }
    }
}
