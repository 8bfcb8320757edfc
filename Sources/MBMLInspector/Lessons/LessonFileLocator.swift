import Foundation
import MBMLEngine

/// Finds the lesson file of a manifest, so that any space opens with its lessons.
///
/// The rule, in order (the first that names an existing file wins):
///
/// 1. The manifest declares it: a `lessons` attribute on its root element,
///    `<MBML lessons="steps.jsonl">`, a path relative to the manifest's folder (the attribute is
///    also readable as `$Environment.lessons`).
/// 2. An expectation file named like the manifest, in the same folder: `NAME.lessons.jsonl`, then
///    `NAME.expectations.jsonl` for `NAME.xml`.
/// 3. For a manifest named `manifest.xml`, the folder's `expectations.jsonl` (the layout of the
///    samples, so that `mbml inspect Samples/tutorial/manifest.xml` opens the tutorial's lessons).
public enum LessonFileLocator {
    /// The lesson file for the manifest at `manifest`, or nil when it has none.
    public static func lessonFile(forManifest manifest: URL) -> URL? {
        candidates(forManifest: manifest).first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    /// Every path the rule looks at, in order (whether they exist or not).
    static func candidates(forManifest manifest: URL) -> [URL] {
        let folder = manifest.deletingLastPathComponent()
        var urls: [URL] = []
        if let text = ManifestHeader.beginning(ofManifest: manifest.path), let declared = declaredLessons(in: text) {
            urls.append(
                declared.hasPrefix("/")
                    ? URL(fileURLWithPath: declared) : folder.appendingPathComponent(declared))
        }
        let name = manifest.deletingPathExtension().lastPathComponent
        urls.append(folder.appendingPathComponent(name + ".lessons.jsonl"))
        urls.append(folder.appendingPathComponent(name + ".expectations.jsonl"))
        if manifest.lastPathComponent == "manifest.xml" {
            urls.append(folder.appendingPathComponent("expectations.jsonl"))
        }
        return urls
    }

    /// The `lessons` attribute of the root `<MBML>` element of a manifest's text (comments
    /// skipped), or nil.
    static func declaredLessons(in text: String) -> String? {
        var rest = Substring(text)
        while let open = rest.range(of: "<") {
            rest = rest[open.upperBound...]
            if rest.hasPrefix("!--") {
                guard let end = rest.range(of: "-->") else { return nil }
                rest = rest[end.upperBound...]
                continue
            }
            if rest.hasPrefix("?") || rest.hasPrefix("!") { continue }
            guard let close = rest.firstIndex(of: ">") else { return nil }
            let tag = rest[..<close]
            guard tag.prefix(4).lowercased() == "mbml" else { return nil }
            return attribute("lessons", in: tag)
        }
        return nil
    }

    /// The value of `name="…"` (or `'…'`) in a start tag's text.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag
        while let found = rest.range(of: name) {
            let before = rest[..<found.lowerBound].last
            var after = rest[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            rest = rest[found.upperBound...]
            guard before.map({ $0 == " " || $0 == "\t" || $0 == "\n" }) ?? false, after.first == "=" else {
                continue
            }
            after = after.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard let quote = after.first, quote == "\"" || quote == "'" else { return nil }
            let value = after.dropFirst().prefix { $0 != quote }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }
}
