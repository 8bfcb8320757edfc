import MBMLEngine

extension VariableSnapshot {
    /// The variables of `environment` now (dynamic variables are evaluated as they are read).
    init(of environment: Environment) {
        let variables = environment.variables
        self.init(variables: variables.names.map { ($0, variables[$0]) })
    }
}
