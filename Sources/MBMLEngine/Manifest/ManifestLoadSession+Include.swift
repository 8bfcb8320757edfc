import Foundation

/// One file to include: the same `file` text appearing several times in a document is one entry
/// whose condition is the OR of the individual `if`s (<doc:Manifests>).
struct IncludeEntry {
    var file: String
    /// One per `<Include>`; nil for a missing `if` (which counts as true).
    var conditions: [(condition: String?, element: XMLElementNode)]
    /// The first `<Include>` naming the file: where a missing file is reported.
    var element: XMLElementNode
}

extension ManifestLoadSession {
    /// The `<Include>` elements among a root's `children`, merged by `file`, in document order.
    func includeEntries(among children: XMLChildElements) -> [IncludeEntry] {
        var entries: [IncludeEntry] = []
        var indexByFile: [String: Int] = [:]
        // Names are compared by number: a document holds each name once (equal names, one number).
        guard let includeName = children.document.number(ofName: "Include") else { return [] }
        for element in children where element.nameNumber == includeName {
            let attributes = element.attributes
            for name in attributes.names(notIn: ["file", "if"]) {
                report(
                    "<Include> does not support the attribute \"\(name)\" found in: \(element.summary)", at: element,
                    severity: .warning)
            }
            guard let file = attributes[.file], !file.isEmpty else {
                report("Invalid <Include> tag: the \"file\" attribute is required in: \(element.summary)", at: element)
                continue
            }
            let condition = (condition: attributes[.if], element: element)
            if let index = indexByFile[file] {
                entries[index].conditions.append(condition)
            } else {
                indexByFile[file] = entries.count
                entries.append(IncludeEntry(file: file, conditions: [condition], element: element))
            }
        }
        return entries
    }

    /// Loads one include entry of the file at `includingURL` (which is at `depth`), unless a file of
    /// the same name was already loaded or none of its conditions holds. An include of a built-in
    /// module's file enables the module instead (``BuiltInModule``).
    func include(_ entry: IncludeEntry, from includingURL: URL, depth: Int) {
        let name = entry.file.split(separator: "/").last.map(String.init) ?? entry.file
        if let module = BuiltInModule(fileName: name), !environment.enabledModules.contains(module) {
            if isIncluded(entry) { environment.enable(module) }
            return
        }
        if loadedNames.contains(name) { return }
        guard isIncluded(entry) else { return }
        guard let url = resolve(entry.file, includedFrom: includingURL) else {
            noteMissingFile(
                entry.file.hasPrefix("/")
                    ? URL(fileURLWithPath: entry.file)
                    : includingURL.deletingLastPathComponent().appendingPathComponent(entry.file))
            report(
                "Couldn't find path of MBML file named \"\(entry.file)\" in known resource bundles and search directories",
                at: entry.element)
            return
        }
        guard depth < options.maximumIncludeDepth else {
            report(
                "Includes are nested more than \(options.maximumIncludeDepth) levels deep; not loading \"\(entry.file)\"",
                at: entry.element)
            return
        }
        let path = url.path
        let loaded = read(url, path: path, asInclude: true).mapError { ManifestError(diagnostics: [$0]) }
            .flatMap { open($0, path: path) }
        switch loaded {
        case .success(let root):
            process(root, url: url, depth: depth + 1)
        case .failure(let error):
            error.diagnostics.forEach(report)
            report("Failed to process MBML include file: \"\(path)\"", at: entry.element)
        }
    }

    /// Whether one of the entry's conditions holds. Conditions default to false (an empty `if=""`
    /// does not include) and are evaluated until one holds.
    private func isIncluded(_ entry: IncludeEntry) -> Bool {
        entry.conditions.contains { condition, element in
            guard let text = condition else { return true }
            return self.condition(text, default: false, at: element)
        }
    }

    /// Finds an include (<doc:Manifests>, port rule): an absolute path as is; otherwise the including file's
    /// folder, then each search directory, then the manifest's folder. `file` may contain folders.
    func resolve(_ file: String, includedFrom includingURL: URL) -> URL? {
        if file.hasPrefix("/") {
            let url = URL(fileURLWithPath: file).standardizedFileURL
            return isRegularFile(url) ? url : nil
        }
        let folders = [includingURL.deletingLastPathComponent()] + options.searchDirectories + [manifestDirectory]
        for folder in folders {
            let url = folder.appendingPathComponent(file).standardizedFileURL
            if isRegularFile(url) { return url }
        }
        return nil
    }
}
