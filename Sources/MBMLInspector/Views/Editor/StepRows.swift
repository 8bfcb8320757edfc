import MBMLEngine

/// The editor's two information rows in step mode: `step N/M` and the step with its value, then the
/// keys (or, on the last step of a cut log, that it was cut).
enum StepRows {
    static func draw(_ stepper: StepperState, painter: Painter) {
        guard let steps = stepper.steps, let step = stepper.step else {
            painter.truncated(
                stepper.steps == nil ? "step mode: evaluating… (Esc leaves)" : "step mode: no steps (Esc leaves)",
                row: 2, column: EditorView.promptWidth, role: .dim)
            return
        }
        let end = painter.text(stepper.counter + "  ", row: 2, column: EditorView.promptWidth, role: .label)
        let role: StyleRole = {
            if case .error? = step.outcome { return .error }
            return .value
        }()
        painter.truncated(step.line(previewLimit: max(painter.width, 20)), row: 2, column: end, role: role)
        let isLast = stepper.current == steps.steps.count - 1
        if isLast, steps.isCut {
            painter.truncated(
                "the step log was cut at \(steps.limit) events: later steps are not listed",
                row: 3, column: EditorView.promptWidth, role: .error)
            return
        }
        painter.truncated(
            KeyTable.summary(of: .steps),
            row: 3, column: EditorView.promptWidth, role: .hint)
    }
}
