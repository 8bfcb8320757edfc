import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// The pins pane is a pane like the others: F6 and Tab reach it once something is pinned, it
/// scrolls over more pins than it shows, Enter opens the selected pin's full value and `x` unpins.
final class PinsPaneTests: XCTestCase {
    /// A session with `count` pins from an expectation file (`$cats.count + N`, expecting 3 + N,
    /// the last one failing).
    private func sessionWithPins(_ count: Int) -> (InspectorSession, BufferScreen) {
        let (session, screen) = makeSession()
        let lines = (0..<count).map { index in
            let expected = index == count - 1 ? 0 : 3 + index
            return "{\"id\": \"p\(index)\", \"expr\": \"#($cats.count + \(index))\", \"expect\": \(expected)}"
        }
        session.send(.addPins(ExpectationFile(parsing: lines.joined(separator: "\n"), path: "pins.jsonl").expectations))
        session.render(on: screen)
        return (session, screen)
    }

    private func focusPins(_ session: InspectorSession) {
        for _ in 0..<Pane.allCases.count where session.state.focus != .pins { session.press(.function(6)) }
    }

    func testF6ReachesThePinsPaneOnlyWithPins() {
        let (plain, _) = makeSession()
        var seen: Set<Pane> = []
        for _ in 0..<10 {
            plain.press(.function(6))
            seen.insert(plain.state.focus)
        }
        XCTAssertFalse(seen.contains(.pins), "no pins, no pins pane in the ring")

        let (session, screen) = sessionWithPins(40)
        focusPins(session)
        XCTAssertEqual(session.state.focus, .pins)
        session.render(on: screen)
        let title = screen.firstRow(containing: "Pins (1–")
        XCTAssertNotNil(title, screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "x unpins"), screen.text)
        // Tab leaves it for the log, Shift-Tab comes back.
        session.press(.tab)
        XCTAssertEqual(session.state.focus, .log)
        session.press(.backTab)
        XCTAssertEqual(session.state.focus, .pins)
    }

    func testGShowsTheLastPinAndGTheFirst() {
        let (session, screen) = sessionWithPins(40)
        XCTAssertNotNil(screen.firstRow(containing: "#($cats.count + 0) = 3"), screen.text)
        XCTAssertNil(screen.firstRow(containing: "#($cats.count + 39)"), "only some of the 40 pins fit")
        focusPins(session)
        session.press(.character("G"))
        XCTAssertEqual(session.state.pins.selected, 39)
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "✗ #($cats.count + 39) = 42 (expected 0)"), screen.text)
        XCTAssertNil(screen.firstRow(containing: "#($cats.count + 0) "))
        XCTAssertNotNil(screen.firstRow(containing: "of 40)"), screen.text)
        session.press(.character("g"))
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "#($cats.count + 0) = 3"), screen.text)
        XCTAssertEqual(session.state.pins.scrollTop, 0)
    }

    func testMovingScrollsOnlyAsFarAsTheSelectionNeeds() {
        let (session, _) = sessionWithPins(40)
        focusPins(session)
        let rows = session.state.pinRows
        XCTAssertGreaterThan(rows, 2)
        for _ in 0..<(rows - 1) { session.press(.character("j")) }
        XCTAssertEqual(session.state.pins.scrollTop, 0, "the last visible row is selected, nothing scrolled")
        session.press(.down)
        XCTAssertEqual(session.state.pins.scrollTop, 1)
        session.press(.pageDown)
        XCTAssertEqual(session.state.pins.selected, rows + (rows - 1))
        session.press(.pageUp)
        session.press(.up)
        XCTAssertEqual(session.state.pins.selected, rows - 1)
        session.press(.character("k"))
        XCTAssertEqual(session.state.pins.selected, rows - 2)
    }

    func testEnterOpensTheSelectedPinsFullValue() {
        let (session, screen) = sessionWithPins(3)
        focusPins(session)
        session.press(.down)
        session.press(.enter)
        guard case .viewer(let viewer)? = session.state.overlay else {
            return XCTFail("no viewer: \(String(describing: session.state.overlay))")
        }
        XCTAssertTrue(viewer.title.contains("#($cats.count + 1)"), viewer.title)
        XCTAssertTrue(viewer.title.contains("expects 4"), viewer.title)
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "#($cats.count + 1)"), screen.text)
        session.press(.character("q"))
        XCTAssertNil(session.state.overlay)
        XCTAssertEqual(session.state.focus, .pins)
    }

    func testXUnpinsTheSelectedPinAndTheLastUnpinLeavesThePane() {
        let (session, screen) = sessionWithPins(2)
        focusPins(session)
        session.press(.character("x"))
        XCTAssertEqual(session.state.pins.pins.map(\.expectation.id), ["p1"])
        XCTAssertEqual(session.state.status.message, "Unpinned #($cats.count + 0)")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "Pins (1)"), screen.text)
        session.press(.delete)
        XCTAssertTrue(session.state.pins.pins.isEmpty)
        XCTAssertEqual(session.state.focus, .editor)
        session.render(on: screen)
        XCTAssertNil(screen.firstRow(containing: "Pins ("))
    }

    func testANewPinIsSelectedAndShown() {
        let (session, screen) = sessionWithPins(20)
        session.type("$cats[1]")
        session.press(.control("p"))
        XCTAssertEqual(session.state.pins.selected, 20)
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "$cats[1] = "), screen.text)
    }

    func testAClickSelectsAPin() {
        let (session, _) = sessionWithPins(5)
        let rect = session.state.watchPaneRects.pins
        session.press(.mouse(MouseEvent(kind: .press, row: rect.row + 3, column: rect.column + 4)))
        XCTAssertEqual(session.state.focus, .pins)
        XCTAssertEqual(session.state.pins.selected, 2)
    }

    func testTheHelpScreenAndTheReadmeNameThePinsKeys() {
        XCTAssertTrue(KeyTable.helpLines.contains(.key("x, Delete", "unpin the selected pin")))
        XCTAssertTrue(
            KeyTable.helpLines.contains {
                if case .heading(let title) = $0 { return title.hasPrefix("Pins") } else { return false }
            })
        XCTAssertTrue(KeyTable.markdown.contains("| `x`, Delete | unpin the selected pin |"))
        XCTAssertEqual(KeyTable.command(for: .character("G"), in: .pins), .last)
        XCTAssertEqual(KeyTable.command(for: .enter, in: .pins), .showValue)
    }
}
