import Foundation

/// What declaring one top-level element of a recorded document did: what an incremental load
/// (``ManifestTextLoad``) needs to know to declare it again, or to know it must.
struct ElementRecord: Sendable {
    /// The element's tag (`Var`, `Function`, `Include`, …).
    var tag: String
    /// Its `name` attribute, if any.
    var name: String?
    /// Whether it has an `if` attribute.
    var hasCondition: Bool
    /// Where its start tag is (1-based line, column in Unicode scalars).
    var line: Int
    var column: Int
    /// The variables its evaluations read from the space, declared or not.
    var reads: Set<String>
    /// Whether its name was declared already when it was declared (by an input, an include or an
    /// element before it).
    var redeclares: Bool
    /// Changes to the space its evaluations made, besides its own declaration.
    var otherChanges: Int
    /// The diagnostics it reported.
    var diagnostics: [Diagnostic]
    /// For a `<Function>`: the functions declared before it (what an element before it called).
    var functionsBefore: FunctionRegistry? = nil
}

/// What a recorded document's load was made of: the diagnostics before its elements were
/// declared and a record of each element.
struct DocumentRecord: Sendable {
    /// Every diagnostic reported before the document's elements were declared (the inputs before
    /// it, its parse warnings, its includes).
    var head: [Diagnostic]
    var elements: [ElementRecord]
}

extension ManifestLoadSession {
    /// Declares `child`, one top-level element of the recorded document, noting what it did.
    func declareRecording(_ child: XMLElementNode, _ body: () -> Void) -> ElementRecord {
        let attributes = child.attributes
        let name = attributes[.name]
        let redeclares = name.map { environment.variables.declaration(of: $0) != nil } ?? false
        let (versionBefore, declarationsBefore, diagnosticsBefore) = (
            environment.variables.version, declarations, diagnostics.count
        )
        let functionsBefore = child.name == "Function" ? environment.functions : nil
        let outerReads = evaluation.readNames
        evaluation.readNames = []
        body()
        let reads = evaluation.readNames ?? []
        evaluation.readNames = outerReads
        let position = child.position
        return ElementRecord(
            tag: child.name, name: name, hasCondition: attributes.contains(.if), line: position.line,
            column: position.column, reads: reads, redeclares: redeclares,
            otherChanges: (environment.variables.version &- versionBefore) - (declarations - declarationsBefore),
            diagnostics: Array(diagnostics[diagnosticsBefore...]), functionsBefore: functionsBefore)
    }
}
