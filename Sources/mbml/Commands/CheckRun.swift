import Foundation
import MBMLEngine

/// One `mbml check` run: every expectation file read and checked, in the order given.
struct CheckRun {
    /// One file's results.
    struct FileResults {
        var path: String
        var results: [ExpectationResult]
        var problems: [ExpectationProblem]
        var duration: Double
    }

    /// An expectation whose outcome differs between the two environments of `--compare`.
    struct Difference {
        var expectation: Expectation
        var first: ObservedOutcome
        var second: ObservedOutcome
        var diff: [String]
    }

    var files: [FileResults] = []
    var differences: [Difference] = []
    /// True when a second environment was compared.
    var compared = false

    /// Reads and checks every file against `environment` (and compares with `second`, if given).
    init(paths: [String], environment: Environment, second: Environment? = nil, timeLimit: Double? = nil) {
        let checker = ExpectationChecker(environment: environment, timeLimit: timeLimit)
        let other = second.map { ExpectationChecker(environment: $0, timeLimit: timeLimit) }
        compared = second != nil
        for path in paths {
            let start = DispatchTime.now().uptimeNanoseconds
            var file = FileResults(path: path, results: [], problems: [], duration: 0)
            do {
                let parsed = try ExpectationFile(contentsOf: path)
                file.problems = parsed.problems
                for expectation in parsed.expectations {
                    let result = checker.check(expectation)
                    file.results.append(result)
                    if let other = other, let difference = Self.difference(result, other.evaluate(expectation)) {
                        differences.append(difference)
                    }
                }
            } catch let problem as ExpectationProblem {
                file.problems = [problem]
            } catch {
                file.problems = [ExpectationProblem(location: .init(path: path, line: 0), message: "\(error)")]
            }
            file.duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            files.append(file)
        }
    }

    var results: [ExpectationResult] { files.flatMap(\.results) }
    var problems: [ExpectationProblem] { files.flatMap(\.problems) }
    var passedCount: Int { count(.passed) }
    var failedCount: Int { count(.failed) }
    var watchedCount: Int { count(.watched) }

    private func count(_ status: ExpectationResult.Status) -> Int {
        files.reduce(0) { $0 + $1.results.filter { $0.status == status }.count }
    }

    /// The difference between the first environment's result and `second`, or nil when they agree
    /// (two errors agree whatever their messages).
    private static func difference(_ result: ExpectationResult, _ second: ObservedOutcome) -> Difference? {
        let match = result.expectation.match
        if result.actual.agrees(with: second, match: match) { return nil }
        var diff: [String] = []
        if case .value(let a) = result.actual, case .value(let b) = second {
            diff = ValueDiff.lines(expected: a, actual: b, match: match == .set || match == .approx ? match : .exact)
        }
        return Difference(expectation: result.expectation, first: result.actual, second: second, diff: diff)
    }
}
