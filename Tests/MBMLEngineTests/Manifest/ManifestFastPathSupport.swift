import Foundation
import MBMLTestSupport
import Synchronization
import XCTest

@testable import MBMLEngine

/// Loads a manifest by the load's fast paths (runs of plain declarations, constant texts taken without
/// an evaluation) or by the general path only, and says what the load left, so that tests can
/// require the two to agree.
struct ManifestFastPathProbe {
    /// What a load left: the session, the log's lines, every name's value, declaration and
    /// provenance, the error that ended it and what the recorded document's elements did.
    struct Outcome {
        var session: ManifestLoadSession
        var log: [String]
        var variables: [String: String]
        var failure: [Diagnostic]?
        var recorded: [String]
        /// Whether the manifest's pieces were refused and it was loaded again whole (what
        /// ``EnvironmentBuilder`` does).
        var loadedAgain = false
    }

    /// Loads `url` with the fast paths on (`fast`) or off, in an environment of `options`; with
    /// `recording`, the manifest's elements are recorded (the incremental load's way).
    /// `splitting` says whether documents are parsed in halves (``XMLSplitting``), `pipelining`
    /// whether the manifest is declared while it is parsed (``XMLPieceStream``); when its pieces are
    /// refused it is loaded again whole, as ``EnvironmentBuilder`` does.
    static func load(
        _ url: URL, fast: Bool, recording: Bool = false, splitting: XMLSplitting = .automatic,
        pipelining: XMLSplitting = .never, options: EnvironmentOptions = EnvironmentOptions()
    ) -> Outcome {
        let lines = Mutex<[String]>([])
        let log = LogSink(limit: 100_000) { line in lines.withLock { $0.append(line) } }
        let environment = Environment(options: options, log: log)
        let session = ManifestLoadSession(
            environment: environment, evaluation: Evaluation(options: environment.options))
        session.declaresPlainRuns = fast
        session.answersConstants = fast
        session.splitting = splitting
        session.pipelining = pipelining
        if recording { session.recordedManifest = url }
        var failure: [Diagnostic]?
        do {
            try session.loadManifest(at: url, path: url.lastPathComponent, contents: nil)
        } catch let error as ManifestError {
            failure = error.diagnostics
        } catch {
            failure = [Diagnostic(file: "?", line: 0, column: 0, message: "\(error)")]
        }
        if session.pieceWasRefused {
            XCTAssertEqual(lines.withLock { $0 }, [], "nothing of a refused load is logged")
            var again = load(
                url, fast: fast, recording: recording, splitting: splitting, pipelining: .never, options: options)
            again.loadedAgain = true
            return again
        }
        var variables: [String: String] = [:]
        for name in environment.variables.names {
            let value = environment.variables[name].map { "\($0)" } ?? "nil"
            let declaration = environment.variables.declaration(of: name).map { "\($0)" } ?? "nil"
            let provenance = environment.provenance(of: name).map { "\($0)" } ?? "nil"
            variables[name] = "\(value) | \(declaration) | \(provenance)"
        }
        let recorded = (session.documentRecord?.elements ?? []).map { element in
            "\(element.tag) \(element.name ?? "-") \(element.line):\(element.column) reads \(element.reads.sorted())"
                + " \(element.redeclares) \(element.otherChanges) \(element.diagnostics)"
        }
        return Outcome(
            session: session, log: lines.withLock { $0 }, variables: variables, failure: failure, recorded: recorded)
    }

    /// Loads `url` both ways and checks they agree; returns the fast paths' outcome. `inHalves`
    /// compares a load whose documents are parsed in halves wherever they can be with one that
    /// parses them whole (both by the fast paths) instead.
    /// `pipelining` compares a load that declares the manifest while it is parsed, as it says, with
    /// one that parses it whole (both by the fast paths). Both load in an environment of `options`.
    @discardableResult
    static func assertSameBothWays(
        _ url: URL, recording: Bool = false, inHalves: Bool = false, pipelining: XMLSplitting = .never,
        options: EnvironmentOptions = EnvironmentOptions(), file: StaticString = #filePath, line: UInt = #line
    ) -> Outcome {
        let bothFast = inHalves || pipelining != .never
        let fast = load(
            url, fast: true, recording: recording, splitting: inHalves ? .always : .never, pipelining: pipelining,
            options: options)
        let general = load(url, fast: bothFast, recording: recording, splitting: .never, options: options)
        XCTAssertEqual(general.session.documentsParsedInHalves, 0, file: file, line: line)
        XCTAssertEqual(general.session.documentsPipelined, 0, file: file, line: line)
        if !bothFast {
            XCTAssertEqual(general.session.declaredInRuns, 0, file: file, line: line)
            XCTAssertEqual(general.session.constantsAnswered, 0, file: file, line: line)
        }
        XCTAssertEqual(fast.failure, general.failure, file: file, line: line)
        XCTAssertEqual(fast.variables, general.variables, file: file, line: line)
        XCTAssertEqual(fast.session.diagnostics, general.session.diagnostics, file: file, line: line)
        XCTAssertEqual(fast.log, general.log, file: file, line: line)
        XCTAssertEqual(fast.recorded, general.recorded, file: file, line: line)
        XCTAssertEqual(fast.session.declarations, general.session.declarations, file: file, line: line)
        XCTAssertEqual(
            fast.session.environment.variables.version, general.session.environment.variables.version,
            file: file, line: line)
        XCTAssertEqual(
            fast.session.environment.variables.names, general.session.environment.variables.names, file: file,
            line: line)
        return fast
    }
}
