import Foundation
import XCTest

@testable import MBMLEngine

/// The conformance cases (the in-repository copy in Tests/MBMLEngineTests/Conformance) run against the
/// fixture manifest: no case may get an `undefined-variable` hint for a variable that the fixture, the
/// case's own `vars` or an enclosing function (`$item`, `$key`, ...) defines.
final class ConformanceHintTests: XCTestCase {
    private struct Case {
        let id: String
        let context: ExpressionContext
        let expression: String
        let vars: [(String, Value?)]
    }

    private func resource(_ path: String) throws -> URL {
        guard let root = Bundle.module.url(forResource: "Conformance", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return root.appendingPathComponent(path)
    }

    private func loadCases() throws -> [Case] {
        let folder = try resource("cases")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
            .sorted()
        var cases: [Case] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.isEmpty {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let id = object["id"] as? String, let expression = object["expr"] as? String,
                    let context = ExpressionContext(rawValue: object["context"] as? String ?? "")
                else {
                    XCTFail("unreadable case in \(file): \(line.prefix(80))")
                    continue
                }
                var vars: [(String, Value?)] = []
                for (name, value) in object["vars"] as? [String: Any] ?? [:] {
                    let json = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
                    vars.append((name, try JSONCodec.decodeTagged(String(decoding: json, as: UTF8.self))))
                }
                cases.append(Case(id: id, context: context, expression: expression, vars: vars))
            }
        }
        return cases
    }

    func testNoUndefinedVariableHintForDefinedVariables() throws {
        let cases = try loadCases()
        XCTAssertGreaterThan(cases.count, 700, "the suite is copied whole")
        let result = try ManifestLoader(log: LogSink()).load(manifestAt: try resource("fixture/manifest.xml"))
        let env = result.environment
        let fixtureNames = Set(env.variables.names)
        var hinted: [String: [String]] = [:]
        for testCase in cases {
            let job = env.makeEvaluation()
            let hints = job.withBindings(testCase.vars) {
                env.hints(for: testCase.expression, context: testCase.context, within: job)
            }
            let caseNames = fixtureNames.union(testCase.vars.map(\.0))
            for hint in hints where hint.code == .undefinedVariable {
                let name = Self.variableName(in: testCase.expression, at: hint.range)
                XCTAssertFalse(caseNames.contains(name), "\(testCase.id): \(hint.message) but $\(name) is defined")
                XCTAssertFalse(
                    ["item", "key", "root", "rootKey", "currentValue"].contains(name),
                    "\(testCase.id): $\(name) is bound by the function")
                hinted[testCase.id, default: []].append(name)
            }
        }
        // The cases whose own variable is undefined: they test what an unset variable gives.
        let expected = Self.casesWithUndefinedVariables
        XCTAssertEqual(Set(hinted.keys), Set(expected.keys), "cases with undefined-variable hints: \(hinted)")
        for (id, names) in expected {
            XCTAssertEqual(hinted[id].map(Set.init), Set(names), id)
        }
    }

    /// Tracing evaluates with the same evaluator: every case gives the same result (or fails the
    /// same way) traced as evaluated, and the trace's top-level nodes mirror the token tree.
    func testTraceGivesTheResultOfEvaluation() throws {
        let result = try ManifestLoader(log: LogSink()).load(manifestAt: try resource("fixture/manifest.xml"))
        let env = result.environment
        var compared = 0
        for testCase in try loadCases() where !Self.varyingFunctions.contains(where: testCase.expression.contains) {
            let job = env.makeEvaluation()
            job.withBindings(testCase.vars) {
                let trace = env.trace(testCase.expression, context: testCase.context, within: job)
                let evaluated = Result { try env.evaluate(testCase.expression, in: testCase.context, within: job) }
                switch (trace.result, evaluated) {
                case (.value(let traced), .success(let value)):
                    let expected = testCase.context == .boolean ? value ?? .boolean(false) : value
                    XCTAssertEqual(traced, expected, "\(testCase.id): \(testCase.expression)")
                case (.error(let traced), .failure(let error)):
                    XCTAssertEqual(traced.message, (error as? ExpressionError)?.message ?? "\(error)", testCase.id)
                default:
                    XCTFail("\(testCase.id): traced \(trace.result), evaluated \(evaluated)")
                }
                if let tokens = try? env.parse(testCase.expression, in: testCase.context, caching: false),
                    !trace.usedConstantShortcut
                {
                    XCTAssertEqual(trace.nodes.map(\.kind), tokens.map(\.kind), testCase.id)
                }
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 700)
    }

    /// Functions whose result changes from one call to the next (time, randomness, counters).
    private static let varyingFunctions = [
        "^random", "^currentTime", "^secondsSince", "^secondsUntil", "^bench",
        "^repeat", "^formatTimeUntil", "$alwaysNow", "^inc", "^dec", "^set",
        "^unset", "^push", "^pop", "^writeFile", "^deleteFile",
    ]

    /// The name of the variable reference at `range` (`$name`, `$[name]`, `${name...}`).
    private static func variableName(in expression: String, at range: SourceRange) -> String {
        let units = Array(expression.utf16)
        let text = String(decoding: units[range.location..<min(range.upperBound, units.count)], as: UTF16.self)
        return String(text.drop(while: { "$[{(".contains($0) }).prefix(while: { !"]}).[".contains($0) }))
    }

    /// Each checked against its case's note: `$NULL`, `$UIDevice`, typos kept from the reference tests
    /// (`$testArray`, `$namesList`), `$ha` in `Ke$ha`, and variables the case deliberately leaves unset.
    static let casesWithUndefinedVariables: [String: [String]] = [
        "coll.copy.03": ["namesList"],
        "coll.indexOf.02": ["NULL"],
        "coll.lastObject.03": ["NULL"],
        "coll.mutableCopy.04": ["UIDevice"],
        "coll.removeLastObject.01": ["testArray"],
        "coll.removeLastObject.04": ["NULL"],
        "coll.setWithArray.04": ["NULL"],
        "coll.valueForKey.05": ["UIDevice"],
        "core.logic-if.02": ["thisVariableDoesNotExist"],
        "core.readme.35": ["ha"],
        "core.readme.44": ["lastNames"],
        "data.flattenArrays.05": ["NULL"],
        "data.pruneNonmatchingLeaves.05": ["NULL"],
        "data.reverse.04": ["NULL"],
        "data.selectFirstValue.01": ["NULL"],
        "data.setContains.05": ["NULL"],
        "data.valuesIntersect.04": ["NULL"],
        "date.dateToUnixTimestamp.03": ["NULL"],
        "date.formatSortableDate.03": ["NULL"],
        "date.secondsUntil.03": ["NULL"],
        "debug.deprecateVariableInFavorOf.01": ["deprecatedTestData"],
        "enc.MD5FromData.03": ["NULL"],
        "enc.SHA1FromData.03": ["NULL"],
        "enc.hexStringFromData.04": ["NULL"],
        "file.deleteFile.01": ["NULL"],
        "file.listDirectory.02": ["NULL"],
        "file.sizeOfFile.03": ["NULL"],
        "str.firstNonemptyTrimmedString.01": ["emptyString", "null", "nonexistentVariable"],
        "str.prefixLinesWith.04": ["indentMe"],
        "str.prefixLinesWith.05": ["indentMe", "NULL"],
        "str.prefixLinesWith.06": ["indentMe"],
    ]
}
