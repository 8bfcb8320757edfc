import Foundation
import MBMLEngine

extension Reducer {
    /// How many lines one search step reads before it reports progress and stops (n goes on).
    static let viewerSearchStep = 200_000

    /// A key in the value viewer.
    /// - Returns: the viewer after the key, or nil when the key closes it.
    static func viewerKey(_ key: Key, viewer: ValueViewer, size: TerminalSize) -> ValueViewer? {
        var viewer = viewer
        let geometry = ViewerGeometry(size: size, knownLineCount: viewer.knownLineCount)
        viewer.message = nil
        if viewer.search.isEditing {
            viewerSearchKey(key, viewer: &viewer, geometry: geometry)
            return viewer
        }
        let page = max(geometry.rows - 1, 1)
        switch key {
        case .up, .character("k"): viewer.scroll(by: -1, geometry: geometry)
        case .down, .character("j"): viewer.scroll(by: 1, geometry: geometry)
        case .pageUp, .character("b"): viewer.scroll(by: -page, geometry: geometry)
        case .pageDown, .character(" "): viewer.scroll(by: page, geometry: geometry)
        case .home, .character("g"):
            viewer.top = ValueViewer.Position(line: 0, piece: 0)
        case .end, .character("G"):
            viewer.scrollToEnd(geometry: ViewerGeometry(size: size, knownLineCount: viewer.lines.lineCount()))
        case .left, .character("h"): viewer.scrollSideways(by: -8, geometry: geometry)
        case .right, .character("l"): viewer.scrollSideways(by: 8, geometry: geometry)
        case .character("0"): viewer.column = 0
        case .character("w"):
            viewer.wraps.toggle()
            viewer.column = 0
            viewer.settle(geometry: geometry)
            viewer.message = viewer.wraps ? "Wrapping long lines" : "Not wrapping: ← → scroll sideways"
        case .character("/"):
            viewer.search.isEditing = true
            viewer.search.query = ""
        case .character("n"): viewerSearch(forward: true, viewer: &viewer, geometry: geometry)
        case .character("N"): viewerSearch(forward: false, viewer: &viewer, geometry: geometry)
        case .character("q"), .escape, .enter, .character("o"), .control("o"):
            return nil
        case .resize:
            viewer.settle(geometry: geometry)
        default:
            viewer.message = "q or Esc closes · / searches · w wraps"
        }
        return viewer
    }

    private static func viewerSearchKey(_ key: Key, viewer: inout ValueViewer, geometry: ViewerGeometry) {
        switch key {
        case .character(let character):
            viewer.search.query.append(character)
        case .backspace:
            if viewer.search.query.isEmpty {
                viewer.search.isEditing = false
            } else {
                viewer.search.query.removeLast()
            }
        case .escape, .control("g"):
            viewer.search.isEditing = false
        case .enter:
            viewer.search.isEditing = false
            viewer.search.searched = viewer.search.query
            viewer.search.matchLine = nil
            viewerSearch(forward: true, viewer: &viewer, geometry: geometry)
        default:
            break
        }
    }

    /// Finds the next (or previous) line containing the searched text, from the last match or the
    /// top of the screen, wrapping around; reads at most ``viewerSearchStep`` lines per step.
    private static func viewerSearch(forward: Bool, viewer: inout ValueViewer, geometry: ViewerGeometry) {
        let query = viewer.search.searched
        guard !query.isEmpty else {
            viewer.message = "Nothing searched yet (/ searches)"
            return
        }
        let matcher = SmartCaseMatcher(query)
        let start = viewer.search.matchLine.map { forward ? $0 + 1 : $0 - 1 } ?? viewer.top.line
        var index = start
        var wrapped = false
        var exhausted = false
        var read = 0
        while read < viewerSearchStep {
            if index < 0 || !viewer.lines.hasLine(index) {
                if wrapped {
                    exhausted = true
                    break
                }
                index = index < 0 ? max(viewer.lines.lineCount() - 1, 0) : 0
                wrapped = true
                continue
            }
            guard let text = viewer.lines.uncachedLine(index) else { break }
            read += 1
            if let cell = matcher.firstCell(in: text) {
                viewer.search.matchLine = index
                viewer.reveal(line: index, cell: cell, geometry: geometry)
                viewer.message = "“\(query)” on line \(index + 1)" + (wrapped ? (forward ? " (from the top)" : " (from the end)") : "")
                return
            }
            index += forward ? 1 : -1
            if wrapped, forward ? index >= start : index <= start {
                exhausted = true
                break
            }
        }
        if exhausted {
            viewer.message = "No match for “\(query)”"
        } else {
            viewer.search.matchLine = index - (forward ? 1 : -1)
            viewer.message = "“\(query)” not in the \(read) lines read; \(forward ? "n" : "N") reads on from line \(index + 1)"
        }
    }
}

/// Case-insensitive matching unless the query has an upper-case letter (as in vim and less).
struct SmartCaseMatcher {
    let query: String
    let ignoresCase: Bool

    init(_ query: String) {
        ignoresCase = !query.contains(where: \.isUppercase)
        self.query = ignoresCase ? query.lowercased() : query
    }

    /// Whether `text` contains the query.
    func matches(_ text: String) -> Bool {
        (ignoresCase ? text.lowercased() : text).contains(query)
    }

    /// The cell where the first match starts, if any.
    func firstCell(in text: String) -> Int? {
        ranges(in: text).first.map { TextWidth.of(String(text[..<$0.lowerBound])) }
    }

    /// Every match in `text`, as ranges of `text`.
    func ranges(in text: String) -> [Range<String.Index>] {
        guard !query.isEmpty else { return [] }
        let haystack = ignoresCase ? text.lowercased() : text
        // Lower-casing can change lengths (rarely); then only report whether it matched at the start.
        guard haystack.count == text.count else { return haystack.contains(query) ? [text.startIndex..<text.startIndex] : [] }
        var result: [Range<String.Index>] = []
        var searchStart = haystack.startIndex
        while let range = haystack.range(of: query, range: searchStart..<haystack.endIndex) {
            let lower = haystack.distance(from: haystack.startIndex, to: range.lowerBound)
            let length = haystack.distance(from: range.lowerBound, to: range.upperBound)
            let textLower = text.index(text.startIndex, offsetBy: lower)
            result.append(textLower..<text.index(textLower, offsetBy: length))
            searchStart = range.upperBound
        }
        return result
    }
}
