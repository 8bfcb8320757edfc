/// A few fixed lines (how and where a variable was declared) above another ``ViewerLines``.
final class HeadedLines: ViewerLines {
    private let header: [String]
    private let body: ViewerLines

    init(header: [String], body: ViewerLines) {
        self.header = header
        self.body = body
    }

    var knownLineCount: Int? { body.knownLineCount.map { $0 + header.count } }

    func lineCount() -> Int { header.count + body.lineCount() }

    func hasLine(_ line: Int) -> Bool {
        line >= 0 && (line < header.count || body.hasLine(line - header.count))
    }

    func line(_ line: Int) -> String? {
        line < header.count ? (line >= 0 ? header[line] : nil) : body.line(line - header.count)
    }

    func uncachedLine(_ line: Int) -> String? {
        line < header.count ? (line >= 0 ? header[line] : nil) : body.uncachedLine(line - header.count)
    }

    func detached() -> ViewerLines { HeadedLines(header: header, body: body.detached()) }
}

extension ValueViewer {
    /// The same viewer with `header` lines above its content.
    func headed(by header: [String]) -> ValueViewer {
        guard !header.isEmpty else { return self }
        return ValueViewer(title: title, kind: kind, lines: HeadedLines(header: header, body: lines))
    }
}
