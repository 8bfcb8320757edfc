import MBMLEngine

extension VariableSnapshot {
    /// The variables of `environment` now (dynamic variables are evaluated as they are read), in
    /// `order` (the declaration order of the space on show; names it lacks follow, sorted).
    init(of environment: Environment, order: [String] = []) {
        let variables = environment.variables
        let names = variables.names
        let present = Set(names)
        let known = Set(order)
        let ordered = order.filter(present.contains) + names.filter { !known.contains($0) }
        self.init(variables: ordered.map { ($0, variables[$0]) }, declared: true)
    }
}
