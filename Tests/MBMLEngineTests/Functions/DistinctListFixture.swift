@testable import MBMLEngine

/// The environment both distinct-list test classes evaluate in: `$people` and `^plainList`, which
/// is `^list` without its distinct results (so `^unique(^plainList(…))` builds the list the general
/// way, to compare the fused path with).
enum DistinctListFixture {
    static func environment(people: Value, log: LogSink) -> Environment {
        let environment = Environment(log: log)
        var plain = DataProcessingFunctions.list
        plain.name = "plainList"
        plain.distinctResults = nil
        environment.declare(plain)
        environment.variables.declare("people", value: people)
        return environment
    }
}
