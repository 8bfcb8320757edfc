extension Environment {
    /// Runs `body` — one answer of a one-shot host: an evaluation and the text made from its result,
    /// before it is shown — then checks the data files the environment mapped
    /// (``checkMappedDataUnchanged()``): an answer (or an error) read from a file that changed or
    /// was truncated meanwhile is replaced by ``FileChangedWhileRead``.
    ///
    /// The one place a host asks: every command that answers from mapped data (`mbml eval` in any
    /// context and with `--jsonl`, `render`, `vars`, `check`, `explain`, `bench`) wraps its answer
    /// in it. A truncated file reads as zeros past its new end (`MappedFileGuard`): what the
    /// readers make of zeros is a well-defined value or an error, never a crash, and is never
    /// shown.
    /// - Throws: ``FileChangedWhileRead``, else what `body` threw.
    public func answer<Result>(_ body: () throws -> Result) throws -> Result {
        let outcome = Swift.Result { try body() }
        try checkMappedDataUnchanged()
        return try outcome.get()
    }

    /// Throws ``FileChangedWhileRead`` for the first data file the environment mapped
    /// (``DataFileReading/mapped``, ``DataFileSpec/declare(in:relativeTo:)``) that changed since it
    /// was mapped, or was truncated under a read (its missing bytes read as zeros:
    /// `MappedFileGuard`). A one-shot host calls it through ``answer(_:)``: an answer read from a
    /// file that changed meanwhile may be wrong.
    public func checkMappedDataUnchanged() throws {
        for document in mappedDocuments.all { try document.checkUnchanged() }
    }

    /// A stop check for the limits of a job over this environment (``EvaluationLimits/isCancelled``):
    /// true once a read met a page past the end of a file the environment mapped (the file was
    /// truncated under the read and reads as zeros). The job then stops at its next check, as a
    /// cancelled one does, instead of reading on through zeros item by item, and ``answer(_:)``
    /// reports the file. Cheap enough to ask per item: an atomic load per mapped file.
    public var mappedDataDamage: @Sendable () -> Bool {
        let files = mappedDocuments.all.compactMap(\.mappedFile)
        guard !files.isEmpty else { return { false } }
        return { files.contains { $0.isDamaged } }
    }
}
