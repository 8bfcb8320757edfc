import Foundation

@testable import MBMLEngine

/// What an expression over `$people` gave — its result (materialized, as JSON), its error and its
/// log lines — for the tests that compare a path read from a document's text with the general one.
struct PeopleOutcome: Equatable {
    var result: String?
    var error: String?
    var log: [String]

    /// `expression` over `$people` with `workers` threads, and what `counted` reads from the job
    /// afterwards (how many items a text path read).
    static func of(
        _ expression: String, people: Value, workers: Int, counted: (Evaluation) -> Int
    ) -> (PeopleOutcome, counted: Int) {
        let log = LogSink(limit: 1_000_000)
        let environment = Environment(log: log)
        environment.variables.declare("people", value: people)
        let evaluation = Evaluation()
        evaluation.workers = workers
        do {
            let value = try environment.evaluate(expression, in: .object, within: evaluation)
            let result = value.map { JSONCodec.encode($0.materialized) }
            return (PeopleOutcome(result: result, error: nil, log: log.lines), counted(evaluation))
        } catch {
            return (PeopleOutcome(result: nil, error: "\(error)", log: log.lines), counted(evaluation))
        }
    }
}
