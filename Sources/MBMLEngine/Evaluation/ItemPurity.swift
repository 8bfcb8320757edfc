/// The one rule that says whether the per-item expressions of a function may be evaluated for many
/// items at once (<doc:LargeData>, "Per-item scopes in parallel").
///
/// An expression is **pure** when evaluating it for one item can neither change what another item's
/// evaluation sees nor depend on the order the items are visited in. Decided from the parsed
/// expression before the first item, never from a result:
/// - every function it calls is ``FunctionDefinition/isPure`` (no log line, no variable set, no file,
///   no clock, no random draw, no `^eval`); the parameters a function evaluates itself (piped
///   expressions, such as a nested `^filter`'s test) are checked the same way, with the variables
///   that function binds;
/// - every variable it reads is bound per item (`$item`, `$key`, `$currentValue`, `$outer:item`, a
///   binding already in force) or is stored (concrete) or undeclared: a dynamic variable is computed
///   when read and may log, and a host's singleton is the host's code, so neither is pure;
/// - a text that does not parse is pure (every item fails the same way, and its log lines keep
///   their order: a worker's log is written in item order after the scope).
///
/// What a pure expression still does to the job — charge its memory budget, meet its deadline or
/// its host's cancellation — goes to the job's one meter and limits, shared by the workers.
enum ItemPurity {
    /// Whether every expression in `expressions` is pure, `bound` naming the variables the function
    /// binds per item.
    static func allows(_ expressions: [RepeatedEvaluation], bound: Set<String>, in call: FunctionCall) -> Bool {
        let checker = Checker(environment: call.environment, bound: bound.union(call.evaluation.variables.boundNames))
        return expressions.allSatisfy { repeated in
            switch repeated.plan {
            case .constant, .failure: return true
            case .tokens(let tokens): return checker.isPure(tokens, depth: 0)
            }
        }
    }

    private struct Checker {
        let environment: Environment
        let bound: Set<String>
        /// Parameters parsed again for a nested function go at most this deep.
        static let maximumDepth = 16

        func isPure(_ tokens: [Token], depth: Int) -> Bool {
            tokens.allSatisfy { isPure($0, depth: depth) }
        }

        private func isPure(_ token: Token, depth: Int) -> Bool {
            switch token.payload {
            case .variable(let name, _):
                guard isPureRead(of: name) else { return false }
            case .function(let name, let input):
                guard let definition = environment.functions.definition(named: name), definition.isPure else {
                    return false
                }
                if input == .pipedExpressions {
                    guard depth < Self.maximumDepth else { return false }
                    let inner = Checker(
                        environment: environment, bound: bound.union(definition.iteration?.names.map(plain) ?? []))
                    let groups = token.children.filter { $0.kind == .parameterGroup }
                    return groups.allSatisfy { inner.isPureText($0.text, depth: depth + 1) }
                }
            default: break
            }
            return isPure(token.children, depth: depth)
        }

        /// A parameter's text as a function evaluates it (in any of the grammars).
        private func isPureText(_ text: String, depth: Int) -> Bool {
            for grammar in [Grammar.object, .boolean, .math] {
                guard let tokens = try? environment.parse(text, grammar: grammar, caching: false),
                    isPure(tokens, depth: depth)
                else { return false }
            }
            return true
        }

        private func isPureRead(of name: String) -> Bool {
            if bound.contains(name) || name.hasPrefix("outer:") { return true }
            switch environment.variables.declaration(of: name) {
            case nil, .concrete?: return true
            case .dynamic?, .singleton?: return false
            }
        }

        /// `$item` → `item`.
        private func plain(_ name: String) -> String {
            name.hasPrefix("$") ? String(name.dropFirst()) : name
        }
    }
}
