import Foundation
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// Key routing as a stack of layers (``Modal``, ``InspectorState/modals``): the top layer gets the
/// key first, and each layer's keys are in the key table.
final class ModalTests: XCTestCase {
    func testEveryLayerHasItsKeysInTheKeyTable() {
        let layers: [Modal] = [
            .quitPrompt, .diagnostics, .help, .viewer, .savePrompt, .overwritePrompt, .historySearch, .steps,
        ]
        let scopes = Set(KeyTable.bindings.map(\.scope))
        for layer in layers {
            XCTAssertTrue(scopes.contains(layer.scope), "\(layer): no key table binding in \(layer.scope)")
        }
    }

    func testNoLayerIsOpenAtTheStart() {
        let (session, _) = makeSession()
        XCTAssertEqual(session.state.modals, [])
    }

    func testTheQuitPromptIsOnTopUntilASavePromptOpensOverIt() {
        var state = InspectorState(size: TerminalSize(rows: 40, columns: 120))
        state.overlay = .help(scroll: 0)
        state.pins.quitPrompt = true
        XCTAssertEqual(state.modals, [.quitPrompt, .help])
        state.pins.savePrompt = PromptLine("pins.jsonl")
        XCTAssertEqual(state.modals, [.help, .savePrompt], "the quit prompt waits under the save prompt")
        state.overlay = nil
        XCTAssertEqual(state.modals.first, .savePrompt)
    }

    func testTheHistorySearchIsALayerOnlyWhileTheEditorHasTheFocus() {
        var state = InspectorState(size: TerminalSize(rows: 40, columns: 120))
        state.editor.historySearch = HistorySearch(originalText: [], originalCursor: 0)
        XCTAssertEqual(state.modals, [.historySearch])
        state.focus = .variables
        XCTAssertEqual(state.modals, [])
    }

    func testTheTopLayerGetsTheKeyBeforeThePane() {
        let (session, _) = makeSession()
        session.press(.function(1))
        XCTAssertEqual(session.state.modals, [.help])
        // The help screen takes the key (any key but a scroll key closes it); the editor never sees it.
        session.press(.character("x"))
        XCTAssertEqual(session.state.modals, [])
        XCTAssertFalse(session.state.shouldQuit)
        XCTAssertEqual(session.state.editor.text, "", "the key reached the editor under the help screen")
    }
}
