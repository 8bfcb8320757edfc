import Foundation

/// The large-file rows of `mbml bench`: a dozen everyday queries (``LargeQuery``) on a gigabyte of
/// person records, each as a whole process under the default memory budget, with its peak memory
/// against the file's size and its answer checked against `Tools/people-answers.py`.
extension BenchCommand {
    /// The reference that computes the large queries' answers, relative to the repository root.
    static let answersReference = "Tools/people-answers.py"

    /// Runs the large queries on `--large-data FILE`, or on `--large-megabytes` of generated records.
    func measureLargeQueries(in folder: URL, into table: inout BenchTable) throws {
        let file: (path: String, size: Int)
        if let largeData {
            file = (largeData, (try? FileManager.default.attributesOfItem(atPath: largeData)[.size] as? Int) ?? 0)
        } else if largeMegabytes > 0, let python = Self.executable(named: "python3"),
            FileManager.default.fileExists(atPath: Self.peopleGenerator)
        {
            file = try generatePeople(megabytes: largeMegabytes, in: folder, python: python)
        } else {
            if largeMegabytes > 0 {
                table.addNote("large-file rows skipped: they need python3 and \(Self.peopleGenerator)")
            }
            return
        }
        let expected = Self.referenceAnswers(for: file.path)
        if expected == nil {
            table.addNote(
                "large-file answers not checked: \(Self.answersReference) needs python3 (run from the repository root)")
        }
        let mbml = Self.currentExecutable()
        var right = 0
        var withinMemory = 0
        for query in LargeQuery.all {
            let run = try ChildProcess.run(
                mbml, ["eval", "--timeout", "0", "--data", "people=\(file.path)", query.mbml])
            let answer = run.status == 0 ? Self.answer(run) : "error (exit \(run.status))"
            let ratio = Double(run.peakMemory) / Double(max(file.size, 1))
            let check: String
            if let want = expected?[query.id] {
                check = answer == want ? "right" : "WRONG, expected \(want.prefix(40))"
                if answer == want { right += 1 }
            } else {
                check = "unchecked"
            }
            if ratio <= 1.2 { withinMemory += 1 }
            table.addSingle(
                "mbml: \(query.mbml) in \(Self.mebibytes(file.size))", run.seconds,
                note: "answer \(answer.count > 40 ? answer.prefix(40) + "…" : answer) (\(check)), peak RSS "
                    + "\(Self.mebibytes(run.peakMemory)), " + String(format: "%.2fx the file", ratio))
        }
        table.addNote(
            "large file \(Self.mebibytes(file.size)): \(right) of \(LargeQuery.all.count) answers right, "
                + "\(withinMemory) of \(LargeQuery.all.count) within 1.2x the file's size in peak memory "
                + "(default memory budget, --timeout 0)")
    }

    /// The answers `Tools/people-answers.py` computes for `path`, by query id; nil without python3
    /// or the script.
    private static func referenceAnswers(for path: String) -> [String: String]? {
        guard let python = executable(named: "python3"), FileManager.default.fileExists(atPath: answersReference),
            let run = try? ChildProcess.run(python.path, [answersReference, path]), run.status == 0,
            let object = try? JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        else { return nil }
        return object.compactMapValues { $0 as? String }
    }
}
