extension Environment {
    /// Throws ``FileChangedWhileRead`` for the first variable whose value is a data file mapped
    /// (``DataFileReading/mapped``) that changed since it was mapped, or was truncated under a read
    /// (its missing bytes read as zeros: `MappedFileGuard`). A one-shot host calls it after an
    /// evaluation and the text made from its result, before it shows them: an answer read from a
    /// file that changed meanwhile may be wrong.
    public func checkMappedDataUnchanged() throws {
        for name in variables.names {
            guard case .concrete? = variables.declaration(of: name) ?? .concrete(readOnly: false),
                let document = (try? variables.value(of: name, in: nil))??.jsonNode?.document
            else { continue }
            try document.checkUnchanged()
        }
    }
}
