import Foundation

/// The incremental load of a new text (the rules in ``ManifestTextLoad``): the edit found by comparing
/// the two texts, the `<Var>` it is in declared again in a copy of the environment, then every later
/// `<Var>` whose load read a variable declared again.
extension ManifestTextLoad {
    /// The incremental load of `newText`, or nil when the edit needs a full load.
    func incrementalLoad(of newText: String, limits: EvaluationLimits) -> ManifestTextLoad? {
        guard var elements, let documentIndex,
            case .manifestText(_, let name, let directory) = inputs[documentIndex]
        else { return nil }
        let old = Array(text.utf8)
        let new = Array(newText.utf8)
        let edit = TextEdit(old: old, new: new)
        guard edit.keepsLines(old: old, new: new), let index = elements.element(enclosing: edit.start, edit.oldEnd)
        else { return nil }
        // An element starting on the line where the edited one ends would move.
        if index + 1 < elements.spans.count,
            !old[elements.spans[index].upperBound..<elements.spans[index + 1].lowerBound].contains(UInt8(ascii: "\n"))
        {
            return nil
        }
        let delta = new.count - old.count
        elements.spans[index] = elements.spans[index].lowerBound..<elements.spans[index].upperBound + delta
        for later in (index + 1)..<elements.spans.count {
            elements.spans[later] = elements.spans[later].lowerBound + delta..<elements.spans[later].upperBound + delta
        }
        let environment = load.environment.copy()
        let evaluation = Evaluation(limits: limits)
        let session = ManifestLoadSession(environment: environment, parsing: builder.parsing, evaluation: evaluation)
        let path = EnvironmentBuilder.url(ofText: name, in: directory)
        var redeclared: Set<String> = []
        var count = 0
        for position in index..<elements.spans.count {
            let element = elements.record.elements[position]
            if position > index, element.reads.isDisjoint(with: redeclared) { continue }
            guard
                let record = redeclare(
                    position, in: elements, text: new, session: session, path: path, documentName: name)
            else { return nil }
            elements.record.elements[position] = record
            if let name = record.name { redeclared.insert(name) }
            count += 1
        }
        guard !evaluation.isStopped else { return nil }
        let diagnostics =
            elements.record.head + elements.record.elements.flatMap(\.diagnostics)
            + UndeclaredReferences.diagnostics(in: environment)
        let newLoad = EnvironmentLoad(
            environment: environment, diagnostics: diagnostics, files: load.files, failedInputs: [])
        return ManifestTextLoad(
            text: newText, load: newLoad, kind: .incremental(redeclared: count), builder: builder,
            inputs: inputs(with: newText), documentIndex: documentIndex, elements: elements)
    }

    /// Declares the top-level element at `position` again, from its span in `text`, in the
    /// session's environment: its new record, or nil when it must not be declared alone.
    private func redeclare(
        _ position: Int, in elements: DocumentElements, text: [UInt8], session: ManifestLoadSession, path: URL,
        documentName: String
    ) -> ElementRecord? {
        let old = elements.record.elements[position]
        guard old.tag == "Var", let name = old.name, !name.isEmpty, !old.hasCondition, !old.redeclares,
            old.otherChanges == 0, elements.declarationCount[name] == 1, elements.lastFunction < position,
            !elements.headHasDiagnostic(at: position, file: documentName),
            let fragment = Self.fragment(text[elements.spans[position]], line: old.line, column: old.column)
        else { return nil }
        let diagnosticsBefore = session.diagnostics.count
        guard case .success(let root) = session.open(fragment, path: documentName),
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

    /// Whether the edit leaves every line where it was: it adds and removes no line break (`\n`,
    /// or `\r`, which XML reads as one) — so that what follows it keeps its line.
    func keepsLines(old: [UInt8], new: [UInt8]) -> Bool {
        let removed = old[start..<oldEnd]
        let added = new[start..<newEnd]
        return !removed.contains(UInt8(ascii: "\r")) && !added.contains(UInt8(ascii: "\r"))
            && removed.count(where: { $0 == UInt8(ascii: "\n") }) == added.count(where: { $0 == UInt8(ascii: "\n") })
    }
}
