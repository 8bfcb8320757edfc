import Foundation
import MBMLEngine

/// What reaches outside the inspector: the user's editor, the clipboard, value files, the history
/// file, mouse reporting, quitting.
extension InspectorSession {
    func performOutside(_ effect: OutsideEffect) -> [InspectorAction] {
        switch effect {
        case .openRecordInEditor(let file, let record):
            return performOutside(
                .openInEditor(file: file, line: JSONLinesRecordLine.line(ofRecord: record, inFile: file) ?? 1))
        case .openInEditor(let file, let line):
            guard let openEditor = openEditor else { return [] }
            let problem = openEditor(file, line)
            // The editor's writes (however many) are one save: this reload answers them all, so
            // the watcher does not reload again for them (a second report would show nothing).
            watcher?.discardPendingChanges()
            if let problem { return [.editorFailed(problem), .filesChanged] }
            return [.filesChanged]
        case .copyToClipboard(let text):
            clipboard(text)
            return []
        case .writeValueFile(let name, let value):
            let directory = self.directory
            let options = engine.environment.options
            return answer(on: .search) {
                // Written under the memory budget: a value huge as text is refused, not encoded whole.
                do {
                    let text = try Reducer.copyText(value, within: Evaluation(options: options))
                    return .notice(ValueFile.write(text, suggestedName: name, in: directory))
                } catch {
                    return .notice("Not written: " + Environment.logText(for: error))
                }
            }
        case .saveHistory(let entries):
            try? history?.save(entries)
            return []
        case .setMouse(let enabled):
            mouseSwitch(enabled)
            return []
        case .quit:
            // The event loop ends once the state says so (``InspectorState/shouldQuit``).
            return []
        }
    }
}
