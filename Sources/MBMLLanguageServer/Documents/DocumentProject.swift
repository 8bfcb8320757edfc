import Foundation
import MBMLEngine

/// The project an open document belongs to (`mbml.json`, found from the document's folder with
/// ``ProjectFileLocator``), and what it changes in the document's load: the project's manifests and
/// data files load around the document's text, in the project's order (the document's text in the
/// place of its file), `$ENV` is there when the project says so, and the project's folders join the
/// file-read policy. A document in no project loads alone, as before.
struct DocumentProject {
    /// The project, or nil (none found, or one that cannot be used).
    let project: ProjectFile?
    /// Why the project file found cannot be used (shown on the document's first line).
    let problem: Diagnostic?

    /// The project of the file at `path` (nil for a document that is not a file: none).
    init(documentPath path: String?) {
        guard let path else {
            (project, problem) = (nil, nil)
            return
        }
        do {
            project = try ProjectFile.discover(from: path)
            problem = nil
        } catch {
            project = nil
            problem = error.diagnostic
        }
    }

    /// `policy` with the project's folders (``ProjectFile/widening(_:)``).
    func fileReadPolicy(_ policy: FileReadPolicy) -> FileReadPolicy {
        project?.widening(policy) ?? policy
    }

    /// What the document's load reads, in order: the project's inputs with `document` (the text's
    /// input) in the place of the file at `path`; a template's text is no manifest, so a template
    /// loads the project's inputs only.
    func inputs(document: EnvironmentInput, path: String?, isTemplate: Bool) -> [EnvironmentInput] {
        guard let project, let path else { return isTemplate ? [] : [document] }
        let url = URL(fileURLWithPath: path)
        if isTemplate {
            return project.environmentInputs(environment: project.processEnvironmentInput(), then: [])
        }
        return project.environmentInputs(replacing: url, with: document)
    }

    /// `load` with the project file's problem first, and without the warnings found in the project's
    /// other files (each shows them when it is open itself; their errors stay, they change this
    /// document's space). `isDocument` tells the document's own diagnostics.
    func adjusted(_ load: EnvironmentLoad, isDocument: (Diagnostic) -> Bool) -> EnvironmentLoad {
        guard project != nil || problem != nil else { return load }
        let others = Set((project?.inputs ?? []).compactMap { $0.fileURL?.standardizedFileURL.path })
        let kept = load.diagnostics.filter { diagnostic in
            isDocument(diagnostic) || diagnostic.severity == .error
                || !others.contains(URL(fileURLWithPath: diagnostic.file).standardizedFileURL.path)
        }
        return EnvironmentLoad(
            environment: load.environment, diagnostics: (problem.map { [$0] } ?? []) + kept, files: load.files,
            failedInputs: load.failedInputs)
    }
}
