import MBMLEngine

/// `textDocument/signatureHelp`: the signature of the call around the position, with the parameter
/// the position is in.
enum SignatureHelpProvider {
    static func signatureHelp(at cursor: CursorContext, analysis: DocumentAnalysis) -> JSONValue {
        guard let call = cursor.syntax.call(at: cursor.offset),
            let definition = analysis.environment.functions.definition(named: call.name)
        else { return .null }
        let parameters = parameterLabels(of: definition.signature)
        let signature = JSONValue.object([
            "label": .string(definition.signature),
            "documentation": .string(definition.summary),
            "parameters": .array(parameters.map { .object(["label": .string($0)]) }),
        ])
        return .object([
            "signatures": .array([signature]),
            "activeSignature": .int(0),
            "activeParameter": .int(call.parameterIndex),
        ])
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
