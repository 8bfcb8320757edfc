import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// A reload counts what the edit changed: values read from the clock or chance are volatile,
/// shown as such and not counted (issue 21); an older status message never hides the summary.
final class VolatileReloadTests: XCTestCase {
    private let manifest = """
        <MBML>
            <Var name="price" literal="10"/>
            <Var name="loadedAt" value="^currentTime()"/>
            <Var name="age" value="^secondsSince($loadedAt)"/>
            <Var name="alwaysNow" type="dynamic" value="^currentTime()"/>
            <Var name="label" value="Price: $price"/>
        </MBML>
        """

    private func reloadedSession() throws -> (InspectorSession, BufferScreen) {
        let folder = try ScratchFolder(prefix: "mbml-volatile")
        let url = try folder.write(manifest, to: "manifest.xml", atomically: true)
        let session = InspectorSession(
            engine: EngineController(source: .manifest(url)), size: TerminalSize(rows: 40, columns: 120))
        session.start()
        session.send(.notice("Copied $price")) // said before the reload
        XCTAssertEqual(session.state.status.message, "Copied $price")
        Thread.sleep(forTimeInterval: 0.01) // the clock moves on
        try folder.write(
            manifest.replacingOccurrences(of: "literal=\"10\"", with: "literal=\"12\""), to: "manifest.xml",
            atomically: true)
        session.send(.filesChanged)
        let screen = BufferScreen(rows: 40, columns: 120)
        session.render(on: screen)
        return (session, screen)
    }

    func testChangingOneLiteralCountsOneChange() throws {
        let (session, screen) = try reloadedSession()
        let diff = session.state.reloadDiff
        XCTAssertEqual(diff.changed, ["price", "label"])
        XCTAssertTrue(diff.volatile.isSuperset(of: ["loadedAt", "alwaysNow"]), "\(diff.volatile)")
        XCTAssertTrue(
            session.state.status.changeSummary?.hasPrefix("2 changed · 0 added · 0 removed · ") ?? false,
            session.state.status.changeSummary ?? "nil")
        XCTAssertEqual(StatusView.summary(session.state.status).contains("2 changed · 0 added · 0 removed · "), true)
        XCTAssertNotNil(screen.firstRow(containing: "≈  loadedAt ="), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "≈  alwaysNow ƒ"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "~  price"), screen.text)
        XCTAssertTrue(
            session.state.log.loadLines.contains { $0.text.hasPrefix("volatile $loadedAt") },
            "the log says why it is not counted")
    }

    /// A dynamic variable's value arrives after the load: when it is volatile the log names it
    /// volatile, never "changed" (issue 32), and it is not counted.
    func testAVolatileDynamicVariableIsLoggedAsVolatile() throws {
        let (session, _) = try reloadedSession()
        let lines = session.state.log.loadLines.map(\.text)
        XCTAssertTrue(lines.contains { $0.hasPrefix("volatile $alwaysNow") }, "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("changed $alwaysNow") }, "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("changed $loadedAt") || $0.hasPrefix("changed $age") }, "\(lines)")
        XCTAssertFalse(session.state.reloadDiff.changed.contains("alwaysNow"))
    }

    func testAnOlderMessageDoesNotHideTheSummary() throws {
        let (session, _) = try reloadedSession()
        XCTAssertNil(session.state.status.message)
    }

    func testAHighPriorityMessageStays() {
        var status = StatusState()
        status.show("Could not save the pins: disk full", priority: .high)
        XCTAssertEqual(status.messagePriority, .high)
        status.message = "Copied"
        XCTAssertEqual(status.messagePriority, .normal)
    }

    func testVolatileNames() {
        let provenance: [String: VariableProvenance] = [
            "now": VariableProvenance(kind: .value, expression: "^currentTime()"),
            "later": VariableProvenance(kind: .value, expression: "^formatDate($now|HH)"),
            "roll": VariableProvenance(kind: .dynamic, expression: "#(^random(6) + 1)"),
            "name": VariableProvenance(kind: .value, expression: "$nowhere"),
            "plain": VariableProvenance(kind: .literal),
        ]
        XCTAssertEqual(VolatileValues.names(in: provenance), ["now", "later", "roll"])
    }

    /// The engine reads the expressions: an escape, a name with a colon or text inside a literal is
    /// no reference, and every form of reference is one (the hand scanner read `$$now`, `^^random()`
    /// and `$now:zone` as references to `now` and `random`, and missed `$[now]`).
    func testVolatileNamesFollowTheSyntax() {
        let provenance: [String: VariableProvenance] = [
            "now": VariableProvenance(kind: .value, expression: "^currentTime()"),
            "price": VariableProvenance(kind: .value, expression: "$$now"),
            "caret": VariableProvenance(kind: .value, expression: "^^random()"),
            "zone": VariableProvenance(kind: .value, expression: "$now:zone"),
            "bracketed": VariableProvenance(kind: .value, expression: "^formatDate($[now]|HH)"),
            "curly": VariableProvenance(kind: .boolean, expression: "${now} == 3"),
            "unfinished": VariableProvenance(kind: .value, expression: "#(1 + ^random(6)"),
        ]
        XCTAssertEqual(VolatileValues.names(in: provenance), ["now", "bracketed", "curly", "unfinished"])
    }
}
