import Foundation
import MBMLEngine

/// An open document's text, split into lines, with the conversions between LSP positions (0-based
/// lines, UTF-16 code units) and the character (grapheme) offsets ``MBMLEngine/MBMLSyntax`` uses.
struct TextDocument {
    var uri: String
    var version: Int
    var text: String
    /// The language the client says the document is in (`didOpen`'s `languageId`).
    var languageId: String
    /// The lines, without their line breaks (a `\r` before `\n` removed).
    var lines: TextLines { TextLines(text: text, starts: lineStarts) }
    /// The UTF-8 offset at which each line starts.
    private let lineStarts: [Int]
    /// The outline of ``text``, scanned once for every request on this text.
    private let outlineCache = OutlineCache()

    /// The elements of the text (``MBMLEngine/ManifestOutline``): scanned by the first request (or
    /// the loading thread) that needs them, then shared.
    var outline: ManifestOutline { outlineCache.outline(of: text) }

    init(uri: String, version: Int, text: String, languageId: String = "xml") {
        self.uri = uri
        self.version = version
        self.text = text
        self.languageId = languageId
        self.lineStarts = TextLines.lineStarts(of: text)
    }

    /// The text with one `contentChanges` entry of `didChange` applied: `text` replaces `range` (both
    /// ends clamped to the text), or the whole text when `range` is nil.
    func applying(_ text: String, in range: LSPRange?) -> TextDocument {
        guard let range else { return TextDocument(uri: uri, version: version, text: text, languageId: languageId) }
        let start = index(of: range.start)
        let end = max(start, index(of: range.end))
        var edited = self.text
        edited.replaceSubrange(start..<end, with: text)
        return TextDocument(uri: uri, version: version, text: edited, languageId: languageId)
    }

    /// The index in ``text`` of an LSP position (a line past the end: the end of the text; a
    /// character past the line's end: its end).
    func index(of position: LSPPosition) -> String.Index {
        guard lines.indices.contains(position.line) else { return text.endIndex }
        let line = lines[position.line]
        let utf16 = line.utf16
        let offset = min(position.character, utf16.count)
        let index = utf16.index(utf16.startIndex, offsetBy: offset)
        // An offset inside a surrogate pair rounds down to the scalar's start.
        return index.samePosition(in: text.unicodeScalars) ?? line.unicodeScalars.startIndex
    }

    /// The language id of MBML templates: text with expressions in it (what `mbml render` renders).
    static let templateLanguageId = "mbml-template"

    /// Whether the document is a template rather than a manifest: its language id is
    /// ``templateLanguageId``, or it is some other language than `xml` or `mbml` and its text does not
    /// start with `<` (a Markdown, YAML or configuration file with expressions in it). A template is
    /// not loaded as XML, so it gets no XML errors; its expressions are served like a manifest's.
    var isTemplate: Bool {
        if languageId == Self.templateLanguageId { return true }
        if ["xml", "mbml", ""].contains(languageId) { return false }
        return text.first(where: { !$0.isWhitespace && $0 != "\u{FEFF}" }) != "<"
    }

    /// The file path the URI names (`file:///a/b.xml` → `/a/b.xml`), or nil for other schemes.
    var path: String? { Self.path(ofURI: uri) }

    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }

    /// The characters of line `line` (empty past the end).
    func characters(ofLine line: Int) -> [Character] {
        lines.indices.contains(line) ? Array(lines[line]) : []
    }

    /// The character offset in `characters` of a UTF-16 offset (clamped to the line).
    static func characterOffset(utf16 offset: Int, in characters: [Character]) -> Int {
        var units = 0
        for (index, character) in characters.enumerated() {
            if units >= offset { return index }
            units += character.utf16.count
        }
        return characters.count
    }

    /// The UTF-16 offset of a character offset of `characters`.
    static func utf16Offset(character offset: Int, in characters: [Character]) -> Int {
        characters.prefix(max(0, offset)).reduce(0) { $0 + $1.utf16.count }
    }

    /// The UTF-16 offset of a 1-based column counted in Unicode scalars (as ``MBMLEngine/Diagnostic`` counts).
    func utf16Offset(ofScalarColumn column: Int, line: Int) -> Int {
        guard lines.indices.contains(line) else { return 0 }
        return lines[line].unicodeScalars.prefix(max(0, column - 1)).reduce(0) { $0 + $1.utf16.count }
    }
}

/// The lines of a text, found by where each starts: a line is sliced from the text when it is read,
/// so that a keystroke in a large document (a text made anew for every change) costs one scan of
/// its bytes for line breaks, not a hundred thousand substrings.
struct TextLines: RandomAccessCollection {
    let text: String
    /// The UTF-8 offset at which each line starts.
    let starts: [Int]

    var startIndex: Int { 0 }
    var endIndex: Int { starts.count }

    /// Line `index`, without its `\n` (and a `\r` before it).
    subscript(index: Int) -> Substring {
        let utf8 = text.utf8
        let start = starts[index]
        var end = index + 1 < starts.count ? starts[index + 1] - 1 : utf8.count
        let endIndex = utf8.index(utf8.startIndex, offsetBy: end)
        if end > start, utf8[utf8.index(before: endIndex)] == UInt8(ascii: "\r") { end -= 1 }
        return text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
    }

    /// The indexes of the lines whose UTF-8 bytes (without the line break) `holds` accepts, in
    /// order: one pass over the text's bytes, no line made into a string — for the requests that read
    /// only the few lines of a large document with a `$` in them (semantic tokens, references).
    func indexes(where holds: (Slice<UnsafeBufferPointer<UInt8>>) -> Bool) -> [Int] {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
            var result: [Int] = []
            for line in starts.indices {
                let end = line + 1 < starts.count ? starts[line + 1] - 1 : bytes.count
                if holds(bytes[starts[line]..<Swift.max(starts[line], end)]) { result.append(line) }
            }
            return result
        }
        if let result = text.utf8.withContiguousStorageIfAvailable({ scan($0) }) { return result }
        return Array(text.utf8).withUnsafeBufferPointer { scan($0) }
    }

    /// Whether `bytes` hold the bytes of `needle` one after the other.
    static func bytes(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, contain needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return needle.isEmpty }
        var start = bytes.startIndex
        while start <= bytes.endIndex - needle.count {
            if bytes[start] == first, bytes[start..<start + needle.count].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }

    /// Where each line of `text` starts: split on the bytes (no grapheme breaking, and a `\r\n`,
    /// one Character, splits too).
    static func lineStarts(of text: String) -> [Int] {
        let scan = { (bytes: UnsafeBufferPointer<UInt8>) -> [Int] in
            var starts = [0]
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
            return starts
        }
        if let starts = text.utf8.withContiguousStorageIfAvailable(scan) { return starts }
        return Array(text.utf8).withUnsafeBufferPointer(scan)
    }
}
