extension FunctionDefinition {
    /// The parameters of ``signature``, as the signature line of the inspector and the language
    /// server's signature help show them (``parameterLabels(ofSignature:)``).
    public var parameterLabels: [String] {
        Self.parameterLabels(ofSignature: signature)
    }

    /// The `|`-separated parameter texts between the outer parentheses of a documented signature
    /// (`^join(list|separator)` → `list`, `separator`); empty for a signature without parameters.
    public static func parameterLabels(ofSignature signature: String) -> [String] {
        guard let open = signature.firstIndex(of: "("), let close = signature.lastIndex(of: ")"), open < close else {
            return []
        }
        let inside = signature[signature.index(after: open)..<close]
        return inside.isEmpty ? [] : inside.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }

    /// The parameter that argument `index` of a call fills (``SyntaxCall/parameterIndex``): past the
    /// last parameter, the last one (a trailing `…` parameter repeats); nil when there is none.
    public func parameter(forArgument index: Int) -> Int? {
        let count = parameterLabels.count
        return count == 0 ? nil : min(max(0, index), count - 1)
    }
}
