extension Environment {
    /// Throws ``FileChangedWhileRead`` for the first variable whose value is a data file mapped
    /// (``DataFileReading/mapped``) that changed since it was mapped, or was truncated under a read
    /// (its missing bytes read as zeros: `MappedFileGuard`). A one-shot host calls it after an
    /// evaluation and the text made from its result, before it shows them: an answer read from a
    /// file that changed meanwhile may be wrong.
    public func checkMappedDataUnchanged() throws {
        // One pass over the records: a manifest of a hundred thousand literals holds no document,
        // and a look-up per name (after sorting them all) was a fifth of such a run.
        for (_, document) in variables.concreteValues({ $0.jsonNode?.document }) {
            try document.checkUnchanged()
        }
    }
}
