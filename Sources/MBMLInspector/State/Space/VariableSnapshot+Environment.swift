import MBMLEngine

extension VariableSnapshot {
    /// The variables of `environment` now (dynamic variables are evaluated as they are read, each
    /// as a job under `limits`), in `order` (the declaration order of the space on show; names it
    /// lacks follow, sorted).
    init(of environment: Environment, order: [String] = [], limits: EvaluationLimits? = nil) {
        let variables = environment.variables
        let limits = limits ?? EvaluationLimits(options: environment.options)
        let names = variables.names
        let present = Set(names)
        let known = Set(order)
        let ordered = order.filter(present.contains) + names.filter { !known.contains($0) }
        self.init(
            variables: ordered.map { name in
                (name, (try? variables.value(of: name, within: Evaluation(limits: limits))) ?? nil)
            }, declared: true)
    }
}
