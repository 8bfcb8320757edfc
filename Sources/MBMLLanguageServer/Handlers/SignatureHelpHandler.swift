import MBMLEngine

/// `textDocument/signatureHelp`: the signature of the call around the position, with the parameter
/// the position is in — the engine's ``MBMLEngine/FunctionDefinition/parameterLabels`` and
/// ``MBMLEngine/FunctionDefinition/parameter(forArgument:)``, as the inspector's signature line.
enum SignatureHelpHandler {
    /// The characters after which an editor asks for signature help.
    static let triggerCharacters = ["(", "|"]

    static func signatureHelp(at cursor: CursorContext, analysis: DocumentAnalysis) -> SignatureHelp? {
        guard let call = cursor.syntax.call(at: cursor.offset),
            let definition = analysis.environment.functions.definition(named: call.name)
        else { return nil }
        let signature = SignatureHelp.Signature(
            label: definition.signature, documentation: definition.summary,
            parameters: definition.parameterLabels.map(SignatureHelp.Parameter.init))
        return SignatureHelp(
            signatures: [signature], activeSignature: 0,
            activeParameter: definition.parameter(forArgument: call.parameterIndex) ?? call.parameterIndex)
    }
}

extension SignatureHelpRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> SignatureHelp? {
        SignatureHelpHandler.signatureHelp(at: context.cursor(at: position), analysis: context.analysis)
    }
}
