import MBMLEngine

/// `textDocument/signatureHelp`: the signature of the call around the position, with the parameter
/// the position is in.
enum SignatureHelpHandler {
    /// The characters after which an editor asks for signature help.
    static let triggerCharacters = ["(", "|"]

    static func signatureHelp(at cursor: CursorContext, analysis: DocumentAnalysis) -> SignatureHelp? {
        guard let call = cursor.syntax.call(at: cursor.offset),
            let definition = analysis.environment.functions.definition(named: call.name)
        else { return nil }
        let signature = SignatureHelp.Signature(
            label: definition.signature, documentation: definition.summary,
            parameters: parameterLabels(of: definition.signature).map(SignatureHelp.Parameter.init))
        return SignatureHelp(signatures: [signature], activeSignature: 0, activeParameter: call.parameterIndex)
    }

    /// The `|`-separated parameter texts between the outer parentheses of a documented signature
    /// (`^join(list|separator)` → `list`, `separator`).
    static func parameterLabels(of signature: String) -> [String] {
        guard let open = signature.firstIndex(of: "("), let close = signature.lastIndex(of: ")"), open < close else {
            return []
        }
        let inside = signature[signature.index(after: open)..<close]
        return inside.isEmpty ? [] : inside.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }
}

extension SignatureHelpRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> SignatureHelp? {
        SignatureHelpHandler.signatureHelp(at: context.cursor(at: position), analysis: context.analysis)
    }
}
