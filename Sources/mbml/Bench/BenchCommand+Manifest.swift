import ArgumentParser
import Foundation
import MBMLEngine

/// The manifest rows of `mbml bench`: a generated manifest of `--vars` `<Var>`s, loaded and
/// answered by a whole `mbml eval` process beside `xmllint --stream --noout` (and `--noout`), and loaded in this process.
extension BenchCommand {
    /// Writes the generated manifest into `folder`.
    func writeGeneratedManifest(in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("manifest-\(vars).xml")
        try GeneratedManifest(variableCount: vars).write(to: url)
        return url
    }

    /// Whole processes, side by side: load and answer one expression, against libxml2's own parse.
    /// mbml and `xmllint --stream --noout` run in turns, five times each, and their medians are
    /// compared.
    func measureManifestProcesses(_ url: URL, into table: inout BenchTable) throws {
        let eval = (Self.currentExecutable(), ["eval", "--manifest", url.path, "$literal0"])
        guard let xmllint = Self.executable(named: "xmllint") else {
            let ours = try ChildProcess.best(of: 5, eval.0, eval.1)
            table.addSingle(
                "mbml eval --manifest, \(vars) <Var>s", ours.seconds,
                note: "peak RSS \(Self.mebibytes(ours.peakMemory))")
            table.addNote("xmllint not found: install libxml2-utils to compare")
            return
        }
        // libxml2's streaming reader is the floor the load is measured against; the tree build is shown
        // beside it.
        let (ours, stream) = try ChildProcess.sideBySide(
            runs: 5, eval, (xmllint.path, ["--stream", "--noout", url.path]))
        table.addSingle(
            "mbml eval --manifest, \(vars) <Var>s (median of 5)", ours.seconds,
            note: "peak RSS \(Self.mebibytes(ours.peakMemory))")
        table.addSingle(
            "xmllint --stream --noout, same file, in turns with mbml (the floor)", stream.seconds,
            note: String(
                format: "mbml takes %.2fx as long (goal: at most 1.0x); peak RSS %@",
                ours.seconds / max(stream.seconds, 1e-9), Self.mebibytes(stream.peakMemory)))
        let tree = try ChildProcess.best(of: 5, xmllint.path, ["--noout", url.path])
        table.addSingle(
            "xmllint --noout (a tree), same file", tree.seconds,
            note: String(
                format: "mbml takes %.2fx as long; peak RSS %@", ours.seconds / max(tree.seconds, 1e-9),
                Self.mebibytes(tree.peakMemory)))
    }

    /// The load alone, in this process.
    func measureManifestLoad(_ url: URL, into table: inout BenchTable) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let before = HeapUsage.bytesInUse()
        let start = DispatchTime.now().uptimeNanoseconds
        var result: ManifestLoadResult? = try load(url)
        let loadSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let declared = result?.environment.variables.names.count ?? 0
        table.addSingle(
            "load manifest, \(vars) <Var>s (\(size / 1024) KiB), in-process", loadSeconds,
            note: "\(declared) variables, \(result?.diagnostics.count ?? 0) diagnostics")
        // Loading it again, as a reload does, after the first space is let go: the heap in use must
        // come back to what one space takes, not grow by a second one.
        let first = HeapUsage.bytesInUse()
        result = nil
        let again = try load(url)
        withExtendedLifetime(again) {
            guard let before, let first, let second = HeapUsage.bytesInUse() else { return }
            table.addNote(
                "load manifest again, the first space released: heap in use \(Self.mebibytes(first - before)) "
                    + "after the first load, \(Self.mebibytes(second - before)) after the second")
        }
    }

    private func load(_ url: URL) throws -> ManifestLoadResult {
        let loader = ManifestLoader(options: engine.environmentOptions, functions: .builtIn, log: LogSink())
        do {
            return try loader.load(manifestAt: url)
        } catch {
            StandardStream.error.writeLine("error: the generated manifest did not load: \(error)")
            throw ExitCode.failure
        }
    }
}
