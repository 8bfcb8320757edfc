import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

final class EditorScrollTests: XCTestCase {
    private func editorLine(_ screen: BufferScreen) -> String {
        let line = screen.line(1)
        guard let bar = line.range(of: "│") else { return line }
        return String(line[bar.upperBound...])
    }

    func testLongExpressionsScrollAroundTheCursorWithMarkers() {
        let (session, screen) = makeSession(rows: 24, columns: 80)
        let words = (1...30).map { "w\($0)" }.joined(separator: " ") + " END"
        session.type(words)
        session.render(on: screen)
        var line = editorLine(screen)
        // At the end: the end is shown, ‹ marks text off to the left.
        XCTAssertTrue(line.hasPrefix("›‹"), line)
        XCTAssertTrue(line.hasSuffix("END"), line)
        // At the start: the beginning, › marks more to the right.
        session.press(.home)
        session.render(on: screen)
        line = editorLine(screen)
        XCTAssertTrue(line.hasPrefix("› w1 w2"), line)
        XCTAssertTrue(line.hasSuffix("›"), line)
        // In the middle: both markers, the cursor on screen with text after it.
        for _ in 0..<60 { session.press(.right) }
        session.render(on: screen)
        line = editorLine(screen)
        XCTAssertTrue(line.hasPrefix("›‹"), line)
        XCTAssertTrue(line.hasSuffix("›"), line)
        let textWidth = EditorColumns.textWidth(paneWidth: session.state.layout.editor.width)
        let scroll = EditorColumns.scroll(for: session.state.editor, width: textWidth)
        let cursorColumn = (scroll..<session.state.editor.cursor).reduce(0) {
            $0 + TextWidth.of(session.state.editor.characters[$1])
        }
        XCTAssertLessThan(cursorColumn, textWidth - textWidth / 3 + 1)
        XCTAssertEqual(screen.cursor?.row, 1)
    }
}
