import Foundation

/// A manifest held as text — an editor's unsaved buffer — loaded with the inputs around it, and
/// kept so that its next text loads incrementally where the edit allows
/// (``loading(_:limits:outline:incrementalSeconds:)``).
///
/// An edit inside one top-level `<Var>` of the text declares that variable again, and after it
/// every later `<Var>` whose load read a variable declared again, in a copy of the environment, each
/// with the functions declared before it (a `<Function>` after it is not known to it); an edit of
/// the white space between two top-level elements declares nothing again. What follows the edit
/// moves by the lines it added or removed (diagnostics, provenances). Any other edit loads the
/// whole new text. Either way the result is what a full load of the new text gives (the same
/// variables, values, provenances, functions and diagnostics): an edit is loaded incrementally only
/// when nothing the load depends on can tell the difference —
///
/// - the variable keeps its name, is declared by no other input, include or element, and neither
///   it nor any variable declared again has an `if`;
/// - what its expressions read (as the load observed it) was declared before it, never at or after it;
/// - its evaluations changed nothing in the space and the element alone is well-formed XML of
///   exactly one `<Var>`, with no parse warning;
/// - no element starts on the line where it ends (its column would move);
/// - white space edited between elements (a line break, an empty line, the next element's
///   indentation changed, or two elements joined onto one line) declares the element after it
///   again at its new line and column, as an edit inside it would (what precedes it on its new line
///   is ASCII, so that its column counts the same in every unit).
///
/// An incremental load has a time budget of its own: by default as long as the last full load
/// took (an incremental load that takes as long has lost its point), at least
/// ``minimumIncrementalSeconds``, or the `incrementalSeconds`
/// given to ``loading(_:limits:outline:incrementalSeconds:)``. When it runs out — an edit of a
/// variable that most others read declares them all again — the work is dropped (it was done in a
/// copy) and the text loads in full.
///
/// ```swift
/// var loaded = ManifestTextLoad(builder: builder, inputs: [.manifestText(text, name: "m.xml", directory: folder)])
/// loaded = loaded.loading(editedText)        // incremental when the edit allows
/// print(loaded.kind, loaded.load.diagnostics)
/// ```
public struct ManifestTextLoad {
    /// How a load was made.
    public enum Kind: Sendable, Equatable {
        /// Every input loaded from the start.
        case full
        /// The text was the same: the previous load, as it was.
        case unchanged
        /// `redeclared` top-level `<Var>`s declared again in a copy of the previous environment.
        case incremental(redeclared: Int)
    }

    /// The text loaded.
    public let text: String
    /// The load: the environment and its diagnostics.
    public let load: EnvironmentLoad
    /// How this load was made.
    public let kind: Kind
    /// How long the last full load took, in seconds (this one's, or the one it was edited from):
    /// the default budget of the next incremental load.
    public let fullLoadSeconds: Double

    /// How every full load builds.
    public let builder: EnvironmentBuilder
    /// The inputs; the one at ``documentIndex`` is the text.
    let inputs: [EnvironmentInput]
    let documentIndex: Int?
    /// What the text's top-level elements did, and where they are once an edit needed it; nil when
    /// the next load is full.
    let elements: Elements?

    /// What a load keeps of the text's top-level elements for the next one.
    enum Elements: Sendable {
        /// What each element did, as a full load recorded it: where each is, found only at the
        /// first edit (a full load, then its diagnostics, never waits for it).
        case recorded(DocumentRecord)
        /// Where each is and what each did.
        case located(DocumentElements)

        /// The elements located in `text` (its `outline`, if scanned already); nil when they cannot
        /// be (``DocumentElements/init(text:record:outline:)``).
        func located(in text: String, outline: ManifestOutline?) -> DocumentElements? {
            switch self {
            case .recorded(let record): DocumentElements(text: text, record: record, outline: outline)
            case .located(let elements): elements
            }
        }
    }

    /// Loads `inputs` with `builder` under `limits` (nil: the builder's options). The last
    /// ``EnvironmentInput/manifestText(_:name:directory:)`` among them is the text that later loads
    /// replace (``loading(_:limits:outline:incrementalSeconds:)``); without one, every load is full. Where the text's
    /// elements are is found at the first such load, not before this one returns.
    public init(builder: EnvironmentBuilder, inputs: [EnvironmentInput], limits: EvaluationLimits? = nil) {
        let index = inputs.lastIndex { if case .manifestText = $0 { true } else { false } }
        var text = ""
        if let index, case .manifestText(let documentText, _, _) = inputs[index] { text = documentText }
        let started = DispatchTime.now().uptimeNanoseconds
        let (load, record) = builder.build(inputs, limits: limits, recording: index)
        let isLast = index == inputs.indices.last
        let elements = isLast && !load.hasFailures ? record.map(Elements.recorded) : nil
        self.init(
            text: text, load: load, kind: .full, builder: builder, inputs: inputs, documentIndex: index,
            elements: elements,
            fullLoadSeconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
    }

    init(
        text: String, load: EnvironmentLoad, kind: Kind, builder: EnvironmentBuilder, inputs: [EnvironmentInput],
        documentIndex: Int?, elements: Elements?, fullLoadSeconds: Double
    ) {
        self.text = text
        self.load = load
        self.kind = kind
        self.fullLoadSeconds = fullLoadSeconds
        self.builder = builder
        self.inputs = inputs
        self.documentIndex = documentIndex
        self.elements = elements
    }

    /// Whether the next text may load incrementally (the load succeeded, the text is the last
    /// input and its elements were recorded and found in it). Locates the elements when no edit
    /// did yet.
    public var allowsIncrementalLoads: Bool { elements?.located(in: text, outline: nil) != nil }

    /// The load of `newText` in the place of ``text``, under `limits`: incremental when the edit
    /// allows it (see the type's description) and it ends within `incrementalSeconds` (nil: as long
    /// as ``fullLoadSeconds``), else a full load of every input with the new text. `outline`, the
    /// outline of ``text`` when the host has it already, is not scanned again (the first edit after
    /// a full load locates the elements in it). This load is not changed (its environment stays as
    /// it is).
    public func loading(
        _ newText: String, limits: EvaluationLimits? = nil, outline: ManifestOutline? = nil,
        incrementalSeconds: Double? = nil
    ) -> ManifestTextLoad {
        if newText == text, documentIndex != nil {
            return ManifestTextLoad(
                text: text, load: load, kind: .unchanged, builder: builder, inputs: inputs,
                documentIndex: documentIndex, elements: elements, fullLoadSeconds: fullLoadSeconds)
        }
        // At least half a second: a small manifest's full load takes milliseconds, and an
        // incremental load of it must not fall back at the first hiccup of a busy machine.
        let budget = incrementalSeconds ?? max(fullLoadSeconds, Self.minimumIncrementalSeconds)
        if budget > 0,
            let incremental = incrementalLoad(
                of: newText, limits: limits ?? EvaluationLimits(options: builder.options), outline: outline,
                budget: IncrementalBudget(seconds: budget))
        {
            return incremental
        }
        return fullLoad(of: newText, limits: limits)
    }

    /// The shortest default budget of an incremental load, in seconds.
    public static let minimumIncrementalSeconds = 0.5

    /// Every input loaded again, with `newText` for the text.
    public func fullLoad(of newText: String, limits: EvaluationLimits? = nil) -> ManifestTextLoad {
        ManifestTextLoad(builder: builder, inputs: inputs(with: newText), limits: limits)
    }

    /// The inputs of this load with the text replaced by `newText`: what a load of `newText` reads
    /// (a host compares them with what it would load to know this load can be the base).
    public func inputs(with newText: String) -> [EnvironmentInput] {
        var inputs = self.inputs
        if let documentIndex, case .manifestText(_, let name, let directory) = inputs[documentIndex] {
            inputs[documentIndex] = .manifestText(newText, name: name, directory: directory)
        }
        return inputs
    }
}
