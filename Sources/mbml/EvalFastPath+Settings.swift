import MBMLEngine

extension EvalFastPath {
    /// `eval`'s line as the fast path read it. Each value not given is the option's default in
    /// ``EvalCommand`` and its option groups.
    struct Command: EvalSettings, Equatable {
        var engine = EvalFastPath.Engine()
        var budget = EvalFastPath.Budget()
        var result = EvalFastPath.Output()
        var context = EvalCommand.defaultContext
        var jsonl = false
        var expression: String?
    }

    /// ``EngineOptions`` as the fast path read them.
    struct Engine: EngineSettings, Equatable {
        var manifest: [String] = []
        var session = EvalFastPath.Session()
    }

    /// ``SessionOptions`` as the fast path read them.
    struct Session: SessionSettings, Equatable {
        var data: [String] = []
        var env: Bool?
        var allowFileWrites = false
        var allowFileReads: [String] = []
        var project: String?
        var noProject = false
    }

    /// ``BudgetOptions`` as the fast path read them.
    struct Budget: BudgetSettings, Equatable {
        var timeout = BudgetOptions.defaultTimeout
        var maxFileSize = EnvironmentOptions.defaultMaximumFileSize
        var maxMemory = EnvironmentOptions.defaultMaximumEvaluationBytes
    }

    /// ``ResultOutputOptions`` as the fast path read them.
    struct Output: ResultOutputSettings, Equatable {
        var raw = false
    }
}
