/// Foundation's `NSString` path rules (`lastPathComponent`, `deletingLastPathComponent`,
/// `pathExtension`, `deletingPathExtension`, `pathComponents`) on `/`-separated text, in plain Swift.
///
/// Foundation on Linux traps on some inputs (`("a" as NSString).deletingLastPathComponent` — any
/// one-character relative path — stops the process with SIGILL), so the engine never calls it with
/// user text. Results match Foundation's wherever Foundation does not trap; like Foundation, the
/// rules work on Characters, so a combining mark after a slash makes it part of a name.
enum PathText {
    /// The final component, ignoring a trailing slash: `/tmp/x.txt` gives `x.txt`, `/` gives `/`.
    static func lastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed.utf16.count <= 1 { return fixed }
        return String(fixed[startOfLastComponent(fixed)...])
    }

    /// The path without its final component and separator: `/tmp/x.txt` gives `/tmp`, `/tmp` gives
    /// `/`, `x.txt` gives an empty string.
    static func deletingLastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed == "/" { return fixed }
        let start = startOfLastComponent(fixed)
        if start == fixed.startIndex { return "" }
        if start == fixed.index(after: fixed.startIndex) { return "/" }
        return String(fixed[..<fixed.index(before: start)])
    }

    /// The text after the last dot of the final component (`archive.tar.gz` gives `gz`), or an empty
    /// string when there is none; a leading dot (`.profile`) and `..` do not start an extension.
    static func pathExtension(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed.utf16.count > 1, let start = startOfExtension(fixed) else { return "" }
        return String(fixed[start...])
    }

    /// The path without its final component's extension and dot: `/tmp/x.txt` gives `/tmp/x`.
    static func deletingPathExtension(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        guard fixed.utf16.count > 1, let start = startOfExtension(fixed) else { return fixed }
        return String(fixed[..<fixed.index(before: start)])
    }

    /// The components; a leading slash is its own first component and a trailing one its own last:
    /// `/tmp/x/` gives `["/", "tmp", "x", "/"]`.
    static func components(_ path: String) -> [String] {
        guard let first = path.first else { return [] }
        var result: [String] = first == "/" ? ["/"] : []
        result += path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if path.utf16.count > 1 && path.last == "/" { result.append("/") }
        return result
    }

    // MARK: Helpers

    /// Runs of slashes collapsed to one and a trailing slash removed (a lone `/` stays).
    private static func fixingSlashes(_ path: String) -> String {
        var result = ""
        var previousWasSlash = false
        for character in path {
            let isSlash = character == "/"
            if !(isSlash && previousWasSlash) { result.append(character) }
            previousWasSlash = isSlash
        }
        if result.utf16.count > 1 && result.last == "/" { result.removeLast() }
        return result
    }

    /// Where the last component starts: just after the last slash, or at the start.
    private static func startOfLastComponent(_ fixed: String) -> String.Index {
        guard let slash = fixed.lastIndex(of: "/") else { return fixed.startIndex }
        return fixed.index(after: slash)
    }

    /// Where the extension of the last component starts (just after its dot), or nil.
    private static func startOfExtension(_ fixed: String) -> String.Index? {
        let componentStart = startOfLastComponent(fixed)
        let component = fixed[componentStart...]
        guard let dot = component.lastIndex(of: "."), dot != componentStart, component != ".." else { return nil }
        return fixed.index(after: dot)
    }
}
