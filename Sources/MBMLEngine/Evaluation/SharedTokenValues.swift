import Synchronization

/// The values of the references, function calls and math expressions of one expression, shared by
/// its evaluations in several contexts (``Environment/evaluate(_:in:textLimit:within:sharing:)``):
/// a token that reads the same in two grammars (the same tree at the same place of the text) is
/// evaluated once, and the other contexts combine its value as they combine any value
/// (<doc:ContextsAndCoercions>). `x $slow` in the object, number and boolean contexts evaluates
/// `$slow` once; `$a -AND ^count(…)` reads `^count(…)` once for its object and boolean rows.
///
/// Only what a second evaluation would give again is shared: a value (or error) is kept when the
/// token neither changed the variable space nor wrote to the log while it was evaluated, it is read
/// back only while the space is as it was then, and never while a function iterates (a token read
/// with `$item` bound may depend on the item). A stop (deadline, memory budget, cancellation) is
/// never kept. A value drawn at random is drawn once for every context.
public final class SharedTokenValues: Sendable {
    private struct Entry {
        var token: Token
        var outcome: Result<Value?, ExpressionError>
        var version: Int
    }

    private let entries = Mutex<[SourceRange: [Entry]]>([:])

    /// Nothing shared yet.
    public init() {}

    /// Whether tokens of `kind` are shared.
    static func shares(_ kind: Token.Kind) -> Bool {
        kind == .variableReference || kind == .functionCall || kind == .mathExpression
    }

    /// The kept outcome of `token`, evaluated while the space was at `version`.
    func outcome(of token: Token, atVersion version: Int) -> Result<Value?, ExpressionError>? {
        entries.withLock { entries in
            entries[token.absoluteRange]?.first { $0.version == version && $0.token == token }?.outcome
        }
    }

    /// Keeps the outcome of `token`, evaluated while the space was at `version` throughout.
    func keep(_ outcome: Result<Value?, ExpressionError>, of token: Token, atVersion version: Int) {
        entries.withLock { entries in
            entries[token.absoluteRange, default: []].append(Entry(token: token, outcome: outcome, version: version))
        }
    }
}

extension Evaluator {
    /// `token`'s value through ``tokenValues``: read back when another context evaluated the same
    /// token, else computed by `compute` and kept when evaluating it again would give the same.
    func sharedValue(of token: Token, _ compute: () throws -> Value?) throws -> Value? {
        guard let shared = tokenValues, SharedTokenValues.shares(token.kind), recorder == nil,
            !evaluation.variables.hasBindings
        else { return try compute() }
        let space = environment.variables
        let version = space.version
        if let kept = shared.outcome(of: token, atVersion: version) { return try kept.get() }
        let logged = environment.log.writtenCount
        let outcome: Result<Value?, ExpressionError>
        do {
            outcome = .success(try compute())
        } catch let error as ExpressionError {
            outcome = .failure(error)
        }
        if space.version == version, environment.log.writtenCount == logged, !evaluation.isStopped {
            shared.keep(outcome, of: token, atVersion: version)
        }
        return try outcome.get()
    }
}
