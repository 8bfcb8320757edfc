import Foundation
import Glibc
import XCTest

@testable import MBMLInspector

/// An ``InspectorTerminal`` for driving the ``EventLoop`` without a terminal: frames are drawn into
/// a ``BufferScreen``, and keys come from a script whose steps may wait for the state to get
/// somewhere (a load, an evaluation) or do something between keys (change a file).
///
/// While steps remain, its input descriptor stays readable, so the loop keeps asking for keys; a
/// step that waits answers "nothing yet" after a short sleep. A wait that takes longer than
/// `timeout` is recorded in ``failures`` and the script quits (Ctrl-C).
final class ScriptedTerminal: InspectorTerminal {
    enum Step {
        /// Raw input, as the terminal library hands it over.
        case input([RawInput])
        /// Waits until `condition` holds (described by the text).
        case waitUntil(String, () -> Bool)
        /// Runs `action`, then lets the loop go round once.
        case perform(() -> Void)
    }

    let screen: BufferScreen
    private var steps: [Step]
    private let readEnd: Int32
    private let writeEnd: Int32
    private let deadline: Date
    private var pausesAfterInput = false
    /// The waits that timed out.
    private(set) var failures: [String] = []
    /// When each input step was handed to the loop, in order.
    private(set) var inputTimes: [Date] = []

    init(rows: Int, columns: Int, steps: [Step], timeout: TimeInterval = 20) {
        screen = BufferScreen(rows: rows, columns: columns)
        self.steps = steps
        deadline = Date().addingTimeInterval(timeout)
        var descriptors: [Int32] = [-1, -1]
        _ = pipe(&descriptors)
        readEnd = descriptors[0]
        writeEnd = descriptors[1]
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Text typed one character at a time (`\u{3}` is Ctrl-C, `\u{1b}` Escape).
    static func type(_ text: String) -> Step {
        .input(text.unicodeScalars.map { .character($0.value) })
    }

    // MARK: InspectorTerminal

    var inputDescriptor: Int32 { readEnd }

    func readInputs() -> [RawInput] {
        // Input steps are read one per call, so that an Escape is never joined to the next key.
        if pausesAfterInput {
            pausesAfterInput = false
            return []
        }
        while let step = steps.first {
            switch step {
            case .input(let inputs):
                steps.removeFirst()
                inputTimes.append(Date())
                pausesAfterInput = true
                return inputs
            case .waitUntil(let description, let condition):
                if condition() {
                    steps.removeFirst()
                    continue
                }
                if Date() > deadline {
                    failures.append(description)
                    steps = [.input([.character(3)])]
                    continue
                }
                Thread.sleep(forTimeInterval: 0.002)
                return []
            case .perform(let action):
                steps.removeFirst()
                action()
                return []
            }
        }
        // The script is over: nothing more to read.
        var buffer = [UInt8](repeating: 0, count: 8)
        _ = read(readEnd, &buffer, buffer.count)
        return []
    }

    func invalidate() {}

    func suspend(mouseEnabled: Bool) {}

    // MARK: Screen

    var size: TerminalSize { screen.size }
    func clear() { screen.clear() }
    func put(_ text: String, row: Int, column: Int, role: StyleRole) {
        screen.put(text, row: row, column: column, role: role)
    }
    func setCursor(_ position: (row: Int, column: Int)?) { screen.setCursor(position) }
    func present() { screen.present() }
}
