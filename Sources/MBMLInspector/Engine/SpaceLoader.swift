import Foundation
import MBMLEngine

/// A freshly loaded environment with the files it came from.
struct LoadedSpace {
    var environment: Environment
    /// Every file read (manifest, includes, data files), to watch for changes.
    var files: [URL]
    /// Errors that did not stop the load (`file:line:column: message`).
    var errors: [String]
}

/// A load that produced nothing usable; the message is `file:line:column: message` when the
/// place is known.
struct SpaceLoadError: Error, Equatable {
    var message: String
    /// Files involved, to watch so that fixing them triggers a reload.
    var files: [URL]
}

/// The one place that talks to ``ManifestLoader`` and ``DataFileSpec``: builds a new environment
/// from a ``SpaceSource`` and the data files.
enum SpaceLoader {
    static func load(_ source: SpaceSource, dataFiles: [DataFileSpec], options: EnvironmentOptions,
                     log: LogSink) throws -> LoadedSpace {
        let loader = ManifestLoader(options: options, log: log)
        var environment: Environment
        var files: [URL] = []
        var errors: [String] = []
        do {
            switch source {
            case .manifest(let url):
                let result = try loader.load(manifestAt: url)
                environment = result.environment
                files = result.files
                errors = result.errors.map(\.description)
            case .text(let text, let name):
                let result = try loader.load(contents: text, path: name)
                environment = result.environment
                files = result.files.filter { FileManager.default.fileExists(atPath: $0.path) }
                errors = result.errors.map(\.description)
            case .empty:
                environment = Environment(options: options, log: log)
            }
        } catch let error as ManifestError {
            let last = error.diagnostics.last?.description ?? error.description
            throw SpaceLoadError(message: last, files: manifestFiles(source))
        }
        for spec in dataFiles {
            files.append(spec.url())
            do {
                try spec.declare(in: environment)
            } catch {
                throw SpaceLoadError(message: String(describing: error), files: files + manifestFiles(source))
            }
        }
        return LoadedSpace(environment: environment, files: files, errors: errors)
    }

    private static func manifestFiles(_ source: SpaceSource) -> [URL] {
        if case .manifest(let url) = source { return [url.absoluteURL.standardizedFileURL] }
        return []
    }
}
