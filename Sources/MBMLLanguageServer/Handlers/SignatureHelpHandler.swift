import MBMLEngine

/// `textDocument/signatureHelp`: the engine's ``MBMLEngine/EditorIntelligence/signatureHelp(in:at:)``
/// (the inspector's signature line reads the same) as an LSP answer.
enum SignatureHelpHandler {
    /// The characters after which an editor asks for signature help.
    static let triggerCharacters = ["(", "|"]

    static func signatureHelp(at cursor: CursorContext, analysis: DocumentAnalysis) -> SignatureHelp? {
        let service = EditorIntelligence(
            functions: analysis.environment.functions.all.map(EditorFunction.init), variableNames: [],
            value: { _ in nil })
        guard let help = service.signatureHelp(in: cursor.syntax, at: cursor.offset) else { return nil }
        let signature = SignatureHelp.Signature(
            label: help.function.signature, documentation: help.function.summary,
            parameters: help.parameters.map(SignatureHelp.Parameter.init))
        return SignatureHelp(
            signatures: [signature], activeSignature: 0, activeParameter: help.activeParameter ?? help.argument)
    }
}

extension SignatureHelpRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> SignatureHelp? {
        SignatureHelpHandler.signatureHelp(at: context.cursor(at: position), analysis: context.analysis)
    }
}
