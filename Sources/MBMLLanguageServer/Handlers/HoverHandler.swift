import MBMLEngine

/// `textDocument/hover`: a reference's value and declaration site, a function's signature and summary,
/// written in the markup the client asked for (``ClientCapabilities/hoverMarkup``).
enum HoverHandler {
    /// The most log lines of a hover's evaluation shown under its value.
    static let maximumLogLines = 5

    /// One part of a hover's text.
    enum Block: Equatable {
        /// Code, fenced in Markdown (with `language` when given).
        case code(String, language: String?)
        /// Prose; `code` spans are written in backquotes in Markdown, as they are in plain text.
        case text(String)
    }

    /// The hover at `cursor`; the value shown is evaluated under `limits` (the request's).
    ///
    /// A hover answers from the newest text's load: the server waits for it up to
    /// ``LanguageServerLimits/waitForLoadSeconds``. When that load is still running then (a slow
    /// manifest), the hover shows the value of the last text loaded and says so first
    /// (`olderText`: that text's version and the newest's), so that a value is never taken for
    /// the newest text's when it is not.
    static func hover(
        at cursor: CursorContext, analysis: DocumentAnalysis, limits: EvaluationLimits,
        markup: ClientCapabilities.MarkupKind = .markdown, olderText: (loaded: Int, newest: Int)? = nil
    ) -> Hover? {
        guard let (found, range) = blocks(at: cursor, analysis: analysis, limits: limits) else { return nil }
        var blocks = found
        if let olderText {
            blocks.insert(.text(Self.olderTextNote(loaded: olderText.loaded, newest: olderText.newest)), at: 0)
        }
        return Hover(contents: MarkupContent(kind: markup, value: render(blocks, as: markup)), range: range)
    }

    /// The first line of a hover answered from an older text than the newest.
    static func olderTextNote(loaded: Int, newest: Int) -> String {
        "(from version \(loaded) of the text: version \(newest) is still loading)"
    }

    /// The hover's parts and the range it is about, or nil when there is nothing to show.
    static func blocks(
        at cursor: CursorContext, analysis: DocumentAnalysis, limits: EvaluationLimits
    ) -> ([Block], LSPRange)? {
        let environment = analysis.environment
        if let function = cursor.functionName,
            let definition = environment.functions.definition(named: function.name)
        {
            let end = function.start + 1 + function.name.count
            return (
                [.code(definition.signature, language: nil), .text(definition.summary)],
                cursor.range(from: function.start, to: end)
            )
        }
        guard let reference = cursor.reference else { return nil }
        var blocks: [Block] = [.text("`\(reference.expression)`")]
        // A variable nothing declares may be one a function binds (`$item`): its values from a trace.
        let undeclared =
            environment.provenance(of: reference.variable) == nil
            && environment.variables.declaration(of: reference.variable) == nil
        let bound =
            undeclared
            ? BoundValuesHover.text(
                for: reference.variable, expression: reference.expression, at: reference.start, cursor: cursor,
                environment: environment, samples: analysis.samples, limits: limits, inProject: analysis.isInProject)
            : nil
        // What the evaluation logs (a swallowed error such as a read the file-read policy refuses) is
        // shown under the value: otherwise a refused read would look like a plain null.
        environment.log.clear()
        blocks.append(
            .code(
                bound?.value ?? ValuePreview.text(of: reference.expression, in: environment, limits: limits),
                language: "json"))
        let logged = environment.log.lines.suffix(Self.maximumLogLines)
        if !logged.isEmpty {
            blocks.append(.text("logged:"))
            blocks.append(
                .code(logged.map { ValuePreview.truncated($0, to: 500) }.joined(separator: "\n"), language: nil))
        }
        if let provenance = environment.provenance(of: reference.variable) {
            var site = provenance.kind.label + (provenance.isReadOnly ? " (read-only)" : "")
            if let place = provenance.site { site += ", declared at " + place }
            blocks.append(.text(site))
            if let expression = provenance.expression {
                blocks.append(.text("expression: `" + ValuePreview.truncated(expression, to: 200) + "`"))
            }
        } else if let bound {
            blocks.append(.text(bound.note))
        }
        return (blocks, cursor.range(from: reference.start, to: reference.end))
    }

    /// The blocks as Markdown (code fenced, paragraphs apart) or as plain text (no markup at all).
    static func render(_ blocks: [Block], as markup: ClientCapabilities.MarkupKind) -> String {
        switch markup {
        case .markdown:
            return blocks.map { block in
                switch block {
                case .code(let code, let language): "```\(language ?? "")\n\(code)\n```"
                case .text(let text): text
                }
            }.joined(separator: "\n\n")
        case .plaintext:
            return blocks.map { block in
                switch block {
                case .code(let code, _): code
                case .text(let text): text
                }
            }.joined(separator: "\n\n")
        }
    }
}

extension HoverRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> Hover? {
        HoverHandler.hover(
            at: context.cursor(at: position, readingAhead: true), analysis: context.analysis, limits: context.limits,
            markup: context.client.hoverMarkup, olderText: context.olderText)
    }
}
