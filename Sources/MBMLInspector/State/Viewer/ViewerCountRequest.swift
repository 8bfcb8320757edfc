/// A request to count every line of the value viewer's lines (what `G` needs on a large value), on
/// a copy with caches of its own so that the viewer stays usable meanwhile. The counted copy comes
/// back and replaces the viewer's lines, keeping what was worked out.
struct ViewerCountRequest: Equatable {
    let lines: ViewerLines
    /// The viewer's count generation when asked (a newer request, or the viewer closing, drops it).
    let generation: Int

    static func == (lhs: ViewerCountRequest, rhs: ViewerCountRequest) -> Bool {
        lhs.lines === rhs.lines && lhs.generation == rhs.generation
    }

    /// Counts on `copy` (from `lines.detached()`) and returns it, counted.
    func run(on copy: ViewerLines) -> ViewerLines {
        _ = copy.lineCount()
        return copy
    }
}
