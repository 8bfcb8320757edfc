import Foundation
import MBMLEngine

extension Reducer {
    /// A key in the value viewer.
    /// - Returns: the viewer after the key, or nil when the key closes it.
    static func viewerKey(
        _ key: Key, viewer: ValueViewer, size: TerminalSize,
        effects: inout [InspectorEffect]
    ) -> ValueViewer? {
        var viewer = viewer
        let geometry = ViewerGeometry(size: size, knownLineCount: viewer.knownLineCount)
        viewer.message = nil
        if viewer.search.isEditing {
            viewerSearchKey(key, viewer: &viewer, effects: &effects)
            return viewer
        }
        if viewer.search.isRunning, KeyTable.command(for: key, in: .viewerSearching) == .stopSearch {
            effects.append(.searching(.cancelViewerSearch))
            viewer.search.isRunning = false
            viewer.message = "Search stopped"
            return viewer
        }
        let page = max(geometry.rows - 1, 1)
        if key == .resize {
            viewer.settle(geometry: geometry)
            return viewer
        }
        switch KeyTable.command(for: key, in: .viewer) {
        case .up?: viewer.scroll(by: -1, geometry: geometry)
        case .down?: viewer.scroll(by: 1, geometry: geometry)
        case .pageUp?: viewer.scroll(by: -page, geometry: geometry)
        case .pageDown?: viewer.scroll(by: page, geometry: geometry)
        case .first?:
            viewer.top = ValueViewer.Position(line: 0, piece: 0)
        case .last?:
            if let count = viewer.knownLineCount {
                viewer.scrollToEnd(geometry: ViewerGeometry(size: size, knownLineCount: count))
            } else {
                // Counting every line of a large value takes long: it is done in the background.
                viewer.countGeneration += 1
                viewer.message = "Counting lines… (the viewer stays usable)"
                effects.append(
                    .searching(
                        .countViewerLines(ViewerCountRequest(lines: viewer.lines, generation: viewer.countGeneration))))
            }
        case .scrollLeft?: viewer.scrollSideways(by: -8, geometry: geometry)
        case .scrollRight?: viewer.scrollSideways(by: 8, geometry: geometry)
        case .leftEdge?: viewer.column = 0
        case .copyResult?, .copyResultWithExpression?:
            viewer.message = copyResult(
                viewer.copy, withExpression: KeyTable.command(for: key, in: .viewer) == .copyResultWithExpression,
                effects: &effects)
        case .toggleWrap?:
            viewer.wraps.toggle()
            viewer.column = 0
            viewer.settle(geometry: geometry)
            viewer.message = viewer.wraps ? "Wrapping long lines" : "Not wrapping: ← → scroll sideways"
        case .search?:
            viewer.search.isEditing = true
            viewer.search.prompt = PromptLine()
        case .nextMatch?: startViewerSearch(forward: true, viewer: &viewer, effects: &effects)
        case .previousMatch?: startViewerSearch(forward: false, viewer: &viewer, effects: &effects)
        case .close?:
            if viewer.search.isRunning { effects.append(.searching(.cancelViewerSearch)) }
            return nil
        default:
            viewer.message = "q or Esc closes · / searches · w wraps"
        }
        return viewer
    }

    /// A key (or pasted text) while the viewer's `/` prompt is open (see ``PromptLine``): Enter
    /// searches, Esc closes the prompt.
    private static func viewerSearchKey(_ key: Key, viewer: inout ValueViewer, effects: inout [InspectorEffect]) {
        switch viewer.search.prompt.handle(key) {
        case .cancelled:
            viewer.search.isEditing = false
        case .submitted:
            viewer.search.isEditing = false
            viewer.search.searched = viewer.search.query
            viewer.search.matchLine = nil
            startViewerSearch(forward: true, viewer: &viewer, effects: &effects)
        case .edited, .unchanged, .ignored:
            break
        }
    }

    /// Asks for the next (or previous) line containing the searched text, from the last match or
    /// the top of the screen, wrapping around (in the background: the viewer stays usable, Esc stops it).
    private static func startViewerSearch(forward: Bool, viewer: inout ValueViewer, effects: inout [InspectorEffect]) {
        let query = viewer.search.searched
        guard !query.isEmpty else {
            viewer.message = "Nothing searched yet (/ searches)"
            return
        }
        if viewer.search.isRunning { effects.append(.searching(.cancelViewerSearch)) }
        viewer.search.generation += 1
        viewer.search.isRunning = true
        viewer.message = "Searching for “\(query)”… (Esc stops)"
        let start = viewer.search.matchLine.map { forward ? $0 + 1 : $0 - 1 } ?? viewer.top.line
        effects.append(
            .searching(
                .searchViewer(
                    ViewerSearchRequest(
                        lines: viewer.lines, query: query, start: start,
                        forward: forward, generation: viewer.search.generation))))
    }

    /// The viewer's lines, counted in the background after `G`: kept, and the end brought on screen.
    static func viewerLinesCounted(generation: Int, lines: ViewerLines, state: inout InspectorState) {
        guard case .viewer(var viewer)? = state.overlay, viewer.countGeneration == generation else { return }
        viewer.lines = lines
        viewer.message = nil
        viewer.scrollToEnd(geometry: ViewerGeometry(size: state.size, knownLineCount: lines.lineCount()))
        state.overlay = .viewer(viewer)
    }

    /// The answer of a viewer search: the match brought on screen, or a message.
    static func viewerSearchFinished(generation: Int, outcome: ViewerSearchOutcome, state: inout InspectorState) {
        guard case .viewer(var viewer)? = state.overlay, viewer.search.isRunning, viewer.search.generation == generation
        else { return }
        viewer.search.isRunning = false
        let query = viewer.search.searched
        if let line = outcome.line {
            viewer.search.matchLine = line
            viewer.reveal(
                line: line, cell: outcome.cell,
                geometry: ViewerGeometry(size: state.size, knownLineCount: viewer.knownLineCount))
            viewer.message = "“\(query)” on line \(line + 1)" + (outcome.wrapped ? " (wrapped around)" : "")
        } else {
            viewer.message = "No match for “\(query)”"
        }
        state.overlay = .viewer(viewer)
    }
}
