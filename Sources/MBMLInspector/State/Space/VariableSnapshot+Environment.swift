import MBMLEngine

extension VariableSnapshot {
    /// The variables of `environment` now (dynamic variables are evaluated as they are read, each
    /// as a job under `limits`).
    init(of environment: Environment, limits: EvaluationLimits? = nil) {
        let variables = environment.variables
        let limits = limits ?? EvaluationLimits(options: environment.options)
        self.init(
            variables: variables.names.map { name in
                (name, (try? variables.value(of: name, within: Evaluation(limits: limits))) ?? nil)
            })
    }
}
