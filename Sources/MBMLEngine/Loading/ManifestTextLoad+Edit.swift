import Foundation

/// The incremental load of a new text (the rules in ``ManifestTextLoad``): the edit found by comparing
/// the two texts, the `<Var>` it is in declared again in a copy of the environment, then every later
/// `<Var>` whose load read a variable declared again.
extension ManifestTextLoad {
    /// The incremental load of `newText`, or nil when the edit needs a full load or `budget` runs
    /// out. `outline` is the outline of ``text``, if scanned already.
    func incrementalLoad(
        of newText: String, limits: EvaluationLimits, outline: ManifestOutline?, budget: IncrementalBudget
    ) -> ManifestTextLoad? {
        guard var elements = elements?.located(in: text, outline: outline), documentIndex != nil,
            !budget.hasRunOut
        else { return nil }
        let old = Array(text.utf8)
        let new = Array(newText.utf8)
        let edit = TextEdit(old: old, new: new)
        guard let name = documentName else { return nil }
        guard let index = elements.element(enclosing: edit.start, edit.oldEnd) else {
            return whitespaceLoad(
                of: newText, edit: edit, old: old, new: new, elements: elements, name: name, limits: limits,
                budget: budget)
        }
        guard let shift = Self.shift(ofEditIn: index, elements: elements, old: old, new: new, name: name) else {
            return nil
        }
        let delta = new.count - old.count
        elements.spans[index] = elements.spans[index].lowerBound..<elements.spans[index].upperBound + delta
        elements.move(from: index + 1, bytes: delta, shift)
        return redeclaring(
            from: index, of: newText, new: new, elements: elements, shift: shift, limits: limits, budget: budget)
    }

    /// The document's name in diagnostics and provenances.
    private var documentName: String? {
        guard let documentIndex, case .manifestText(_, let name, _) = inputs[documentIndex] else { return nil }
        return name
    }

    /// The load of `newText` (its bytes `new`) that declares the element at `index` again, and
    /// after it every element whose load read a variable declared again, in a copy of the
    /// environment whose provenances `shift` moves. `elements` are where they are in `new`, each
    /// record at the line and column where its element now starts. Nil when an element must not
    /// be declared again alone, an evaluation stopped or `budget` ran out.
    private func redeclaring(
        from index: Int, of newText: String, new: [UInt8], elements: DocumentElements, shift: LineShift,
        limits: EvaluationLimits, budget: IncrementalBudget
    ) -> ManifestTextLoad? {
        guard let documentIndex, case .manifestText(_, let name, let directory) = inputs[documentIndex] else {
            return nil
        }
        var elements = elements
        // A `<Function>` after the element: each element is declared again with the functions
        // declared before it, in a copy that parses into a cache of its own.
        let ownFunctions = elements.firstFunction(after: index) != nil
        let environment = load.environment.copy(sharingCache: !ownFunctions)
        if shift.delta != 0 { environment.moveProvenances(shift) }
        let finalFunctions = environment.functions
        var functionsInUse: Int? = nil
        let evaluation = Evaluation(limits: budget.limiting(limits))
        let session = ManifestLoadSession(environment: environment, parsing: builder.parsing, evaluation: evaluation)
        let path = EnvironmentBuilder.url(ofText: name, in: directory)
        var redeclared: Set<String> = []
        var count = 0
        for position in index..<elements.spans.count {
            let element = elements.record.elements[position]
            if position > index, element.reads.isDisjoint(with: redeclared) { continue }
            guard !budget.hasRunOut else { return nil }
            let function = elements.firstFunction(after: position)
            if function != functionsInUse {
                guard let functions = function.map({ elements.record.elements[$0].functionsBefore }) ?? finalFunctions
                else { return nil }
                environment.replaceFunctions(with: functions)
                functionsInUse = function
            }
            guard
                let record = redeclare(
                    position, in: elements, text: new, session: session, path: path, documentName: name)
            else { return nil }
            elements.record.elements[position] = record
            if let name = record.name { redeclared.insert(name) }
            count += 1
        }
        if functionsInUse != nil { environment.replaceFunctions(with: finalFunctions) }
        guard !evaluation.isStopped, !budget.hasRunOut else { return nil }
        let diagnostics =
            elements.record.head + elements.record.elements.flatMap(\.diagnostics)
            + UndeclaredReferences.diagnostics(in: environment)
        let newLoad = EnvironmentLoad(
            environment: environment, diagnostics: diagnostics, files: load.files, failedInputs: [])
        return ManifestTextLoad(
            text: newText, load: newLoad, kind: .incremental(redeclared: count), builder: builder,
            inputs: inputs(with: newText), documentIndex: documentIndex, elements: .located(elements),
            fullLoadSeconds: fullLoadSeconds)
    }

    /// How an edit inside the element at `index` moves what follows it; nil when the element must
    /// not be declared again alone: an element starts on the line where it ends (its column would
    /// move), or a parse warning is at the element or between it and the next.
    private static func shift(
        ofEditIn index: Int, elements: DocumentElements, old: [UInt8], new: [UInt8], name: String
    ) -> LineShift? {
        let span = elements.spans[index]
        let newSpan = span.lowerBound..<span.upperBound + new.count - old.count
        if index + 1 < elements.spans.count,
            LineShift.lineBreaks(in: old[span.upperBound..<elements.spans[index + 1].lowerBound]) == 0
        {
            return nil
        }
        guard !elements.headHasDiagnostic(at: index, file: name) else { return nil }
        let next = index + 1 < elements.spans.count ? elements.record.elements[index + 1].line : Int.max
        return LineShift(
            file: name, fromLine: next,
            delta: LineShift.lineBreaks(in: new[newSpan]) - LineShift.lineBreaks(in: old[span]))
    }

    /// The load of an edit that changes only the white space between two top-level elements
    /// (or after the last). When the element after the white space keeps its line's start (a line
    /// break or an empty line added or removed before it), nothing is declared again: what follows
    /// the edit moves by the lines it added or removed. When its indentation changed, or it now
    /// starts on the line of the element before it, it is declared again at its new line and
    /// column (``redeclaring(from:of:new:elements:shift:limits:budget:)``). Nil for any other edit,
    /// when what precedes the element on its new line is not ASCII, or when a parse warning is in
    /// the white space.
    private func whitespaceLoad(
        of newText: String, edit: TextEdit, old: [UInt8], new: [UInt8], elements: DocumentElements, name: String,
        limits: EvaluationLimits, budget: IncrementalBudget
    ) -> ManifestTextLoad? {
        var elements = elements
        // The run of white space the edit is in, in the old text: after a `>`, before a `<`.
        var runStart = edit.start
        while runStart > 0, XMLBytes.isWhitespace(old[runStart - 1]) { runStart -= 1 }
        var runEnd = edit.oldEnd
        while runEnd < old.count, XMLBytes.isWhitespace(old[runEnd]) { runEnd += 1 }
        let delta = new.count - old.count
        guard runStart > 0, old[runStart - 1] == UInt8(ascii: ">"), runEnd < old.count,
            old[runEnd] == UInt8(ascii: "<"), runEnd + delta >= runStart,
            new[runStart..<runEnd + delta].allSatisfy(XMLBytes.isWhitespace)
        else { return nil }
        // The run is in the root, before an element or after the last one (before `</MBML>`).
        let next = elements.firstElement(startingAtOrAfter: runEnd)
        let endLine: Int
        if next < elements.spans.count {
            guard elements.spans[next].lowerBound == runEnd,
                next == 0 || elements.spans[next - 1].upperBound <= runStart
            else { return nil }
            endLine = elements.record.elements[next].line
        } else {
            // The root's end tag: the last `<` of the text.
            guard let last = elements.spans.last, last.upperBound <= runStart, runEnd + 1 < old.count,
                old[runEnd + 1] == UInt8(ascii: "/"), !old[(runEnd + 1)...].contains(UInt8(ascii: "<"))
            else { return nil }
            endLine =
                elements.record.elements[elements.spans.count - 1].line
                + LineShift.lineBreaks(in: old[last.lowerBound..<runEnd])
        }
        let oldRun = old[runStart..<runEnd]
        let newRun = new[runStart..<runEnd + delta]
        func lastLine(_ run: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
            run.lastIndex(of: UInt8(ascii: "\n")).map { run[($0 + 1)...] }
        }
        // A diagnostic reported inside the white space would not move as the lines after it do.
        let firstLine = endLine - LineShift.lineBreaks(in: oldRun)
        guard !elements.record.head.contains(where: { $0.file == name && $0.line > firstLine && $0.line < endLine })
        else { return nil }
        let shift = LineShift(
            file: name, fromLine: endLine, delta: LineShift.lineBreaks(in: newRun) - LineShift.lineBreaks(in: oldRun))
        elements.move(from: next, bytes: delta, shift)
        // What follows keeps its column: both runs hold a line break and end with the same last line.
        let keepsColumn = lastLine(oldRun).map { oldLast in lastLine(newRun)?.elementsEqual(oldLast) == true } ?? false
        guard keepsColumn else {
            // The next element moved along its line: declared again where it now starts (the root's
            // end tag declares nothing, but its column is in no record: that load is full).
            guard next < elements.spans.count,
                let column = Self.asciiColumn(of: elements.spans[next].lowerBound, in: new),
                next + 1 == elements.spans.count
                    || LineShift.lineBreaks(
                        in: new[elements.spans[next].upperBound..<elements.spans[next + 1].lowerBound])
                        > 0
            else { return nil }
            elements.record.elements[next].column = column
            return redeclaring(
                from: next, of: newText, new: new, elements: elements, shift: shift, limits: limits, budget: budget)
        }
        let environment = load.environment.copy()
        environment.moveProvenances(shift)
        let newLoad = EnvironmentLoad(
            environment: environment, diagnostics: load.diagnostics.map(shift.moved), files: load.files,
            failedInputs: [])
        return ManifestTextLoad(
            text: newText, load: newLoad, kind: .incremental(redeclared: 0), builder: builder,
            inputs: inputs(with: newText), documentIndex: documentIndex, elements: .located(elements),
            fullLoadSeconds: fullLoadSeconds)
    }

    /// The 1-based column of the UTF-8 offset `offset` of `bytes` when its line before it is ASCII
    /// with no carriage return (every unit counts it the same); else nil.
    private static func asciiColumn(of offset: Int, in bytes: [UInt8]) -> Int? {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") {
            start -= 1
            guard bytes[start] < 0x80, bytes[start] != UInt8(ascii: "\r") else { return nil }
        }
        return offset - start + 1
    }

    /// Declares the top-level element at `position` again, from its span in `text`, in the
    /// session's environment: its new record, or nil when it must not be declared alone.
    private func redeclare(
        _ position: Int, in elements: DocumentElements, text: [UInt8], session: ManifestLoadSession, path: URL,
        documentName: String
    ) -> ElementRecord? {
        let old = elements.record.elements[position]
        guard old.tag == "Var", let name = old.name, !name.isEmpty, !old.hasCondition, !old.redeclares,
            old.otherChanges == 0, elements.declarationCount[name] == 1,
            !elements.headHasDiagnostic(at: position, file: documentName),
            let fragment = Self.fragment(text[elements.spans[position]], line: old.line, column: old.column)
        else { return nil }
        let diagnosticsBefore = session.diagnostics.count
        guard case .success(let root) = session.open(DocumentBytes(fragment), path: documentName),
            session.diagnostics.count == diagnosticsBefore, root.childElements.count == 1,
            let child = root.childElements.first, child.name == "Var", child.attributes[.name] == name,
            child.attributes[.if] == nil
        else { return nil }
        session.environment.variables.forget(name)
        let declarationsBefore = session.declarations
        var record = session.declareRecording(child) { session.declareVariable(child) }
        // Declared, changing nothing else, from what was declared before it.
        guard session.declarations == declarationsBefore + 1, record.otherChanges == 0,
            record.line == old.line, record.column == old.column,
            record.reads.allSatisfy({ (elements.lastDeclaration[$0] ?? -1) < position })
        else { return nil }
        record.redeclares = false
        return record
    }

    /// The text of one element as a document of its own whose element stands at the same line and
    /// column: `<MBML>`, line breaks and spaces, the element, `</MBML>`. Nil when the element is on
    /// the first line too close to its start for `<MBML>` to fit before it.
    static func fragment(_ element: ArraySlice<UInt8>, line: Int, column: Int) -> [UInt8]? {
        var bytes = Array("<MBML>".utf8)
        if line > 1 {
            bytes += repeatElement(UInt8(ascii: "\n"), count: line - 1)
            bytes += repeatElement(UInt8(ascii: " "), count: column - 1)
        } else {
            guard column - 1 >= bytes.count else { return nil }
            bytes += repeatElement(UInt8(ascii: " "), count: column - 1 - bytes.count)
        }
        bytes += element
        bytes += Array("</MBML>".utf8)
        return bytes
    }
}

/// How long an incremental load may take (``ManifestTextLoad/loading(_:limits:outline:incrementalSeconds:)``).
struct IncrementalBudget {
    let deadline: Deadline?

    init(seconds: Double) {
        deadline = Deadline(secondsFromNow: seconds)
    }

    var hasRunOut: Bool { deadline?.hasPassed == true }

    /// `limits` with a deadline no later than the budget's: an evaluation of the incremental load
    /// stops with it.
    func limiting(_ limits: EvaluationLimits) -> EvaluationLimits {
        guard let deadline else { return limits }
        var limited = limits
        if let other = limits.deadline, other.uptimeNanoseconds <= deadline.uptimeNanoseconds { return limits }
        limited.deadline = deadline
        return limited
    }
}

/// Where two texts differ: the longest common start and end, and between them the part of each
/// that differs (UTF-8 offsets).
struct TextEdit {
    /// Where the texts start to differ.
    let start: Int
    /// Where the differing part ends in the old text, and in the new one.
    let oldEnd: Int
    let newEnd: Int

    init(old: [UInt8], new: [UInt8]) {
        let shorter = min(old.count, new.count)
        var start = 0
        while start < shorter, old[start] == new[start] { start += 1 }
        var suffix = 0
        while suffix < shorter - start, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        self.start = start
        oldEnd = old.count - suffix
        newEnd = new.count - suffix
    }
}
