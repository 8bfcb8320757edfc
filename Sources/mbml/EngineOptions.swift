import ArgumentParser
import Foundation
import MBMLEngine

/// The options that build the environment expressions run in: manifests, plus the data files and
/// file-write permission of ``SessionOptions``.
struct EngineOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("An MBML manifest to load (repeatable; later ones are laid over earlier ones).",
                                            valueName: "file"))
    var manifest: [String] = []

    @OptionGroup var session: SessionOptions

    /// The environment options these flags ask for.
    var environmentOptions: EnvironmentOptions { session.environmentOptions }

    /// Loads the manifests and data files into a new environment that logs to standard error.
    /// Diagnostics are printed to standard error as `file:line:column: message`.
    /// - Throws: `ExitCode.failure` when a manifest or data file cannot be loaded (after printing why).
    func makeEnvironment(log: LogSink = .standardError()) throws -> Environment {
        let environment = try loadManifests(log: log)
        for spec in try session.dataFiles() {
            do {
                try spec.declare(in: environment)
            } catch let error as DataFileError {
                StandardStream.error.writeLine(error.description)
                throw ExitCode.failure
            }
        }
        return environment
    }

    private func loadManifests(log: LogSink) throws -> Environment {
        guard let first = manifest.first else {
            return Environment(options: environmentOptions, log: log)
        }
        let environment = try load(first, log: log)
        for path in manifest.dropFirst() {
            environment.absorb(try load(path, log: log))
        }
        return environment
    }

    private func load(_ path: String, log: LogSink) throws -> Environment {
        let loader = ManifestLoader(options: environmentOptions, functions: .builtIn, log: log)
        do {
            let result = try loader.load(manifestAt: URL(fileURLWithPath: path))
            printUnlogged(result.diagnostics, log: log)
            return result.environment
        } catch let error as ManifestError {
            printUnlogged(error.diagnostics, log: log)
            if error.diagnostics.isEmpty {
                StandardStream.error.writeLine("\(path): \(error)")
            }
            throw ExitCode.failure
        } catch {
            StandardStream.error.writeLine("\(path): \(error)")
            throw ExitCode.failure
        }
    }

    /// The loader writes its diagnostics to the log (standard error); print only those it did not.
    private func printUnlogged(_ diagnostics: [Diagnostic], log: LogSink) {
        let logged = Set(log.lines)
        for diagnostic in diagnostics where !logged.contains(diagnostic.description) {
            StandardStream.error.writeLine(diagnostic.description)
        }
    }
}

extension Environment {
    /// Lays `other`'s variables and functions over this environment's (a later manifest wins).
    func absorb(_ other: Environment) {
        for definition in other.functions.all {
            declare(definition)
        }
        for name in other.variables.names {
            switch other.variables.declaration(of: name) {
            case .dynamic(let expression, let context)?:
                variables.declareDynamic(name, expression: expression, context: context)
            case .singleton?:
                continue
            case .concrete(let readOnly)?:
                variables.declare(name, value: other.variables[name], readOnly: readOnly)
            case nil:
                try? variables.set(name, to: other.variables[name])
            }
        }
        loadedFiles += other.loadedFiles.filter { !loadedFiles.contains($0) }
        for (key, value) in other.attributes { attributes[key] = value }
    }
}
