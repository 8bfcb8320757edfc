import MBMLEngine

/// Finds nodes of the whole variable tree (collapsed ones included) whose name, scalar value or
/// (for path-like queries) path matches a ``SearchQuery``, in the order the tree shows them.
enum TreeSearch {
    /// What a search found.
    struct Outcome: Equatable, Sendable {
        var matches: [NodePath]
        /// Nodes looked at.
        var visited: Int
        /// False when it was stopped before the end.
        var isComplete: Bool
    }

    /// The paths of the matching nodes, at most `limit` of them (case-insensitive text search).
    static func matches(
        of query: String, in snapshot: VariableSnapshot, limit: Int = 10_000,
        maximumDepth: Int = 32
    ) -> [NodePath] {
        guard let query = try? SearchQuery(query), !query.isEmpty else { return [] }
        return search(query, in: snapshot, limit: limit, maximumDepth: maximumDepth).matches
    }

    /// Walks the tree; calls `progress` every `progressInterval` nodes, and stops (incomplete)
    /// when it returns false.
    static func search(
        _ query: SearchQuery, in snapshot: VariableSnapshot, limit: Int = 10_000,
        maximumDepth: Int = 32, progressInterval: Int = 50_000,
        progress: (Int) -> Bool = { _ in true }
    ) -> Outcome {
        var found: [NodePath] = []
        var path: NodePath = []
        var pathText = ""
        var visited = 0
        var stopped = false
        let rawFilter = query.rawTextFilter
        func visit(_ node: TreeNode, depth: Int) {
            let count = node.childCount
            var position = 0
            while position < count, found.count < limit, !stopped {
                let component = node.component(at: position)
                let value = node.childValue(component)
                path.append(component)
                let textBefore = pathText.utf8.count
                if query.matchesPaths { pathText += pathStep(component) }
                if labelMatches(component, query) || scalarMatches(value, query)
                    || (query.matchesPaths && query.matches(pathText))
                {
                    found.append(path)
                }
                visited += 1
                if visited % progressInterval == 0, !progress(visited) { stopped = true }
                if let filter = rawFilter, let container = value?.jsonNode,
                    !container.textMayContain(filter.bytes, foldingASCIICase: filter.foldsCase)
                {
                    // Lazily read JSON whose text cannot hold a match: nothing below it is decoded.
                } else if depth < maximumDepth, let value = value?.openedForWalking,
                    TreeNode.value(value).childCount > 0
                {
                    visit(.value(value), depth: depth + 1)
                }
                path.removeLast()
                if query.matchesPaths {
                    pathText = String(decoding: pathText.utf8.prefix(textBefore), as: UTF8.self)
                }
                position += 1
            }
        }
        visit(.space(snapshot), depth: 0)
        return Outcome(matches: found, visited: visited, isComplete: !stopped)
    }

    /// A component as it reads in a path: `$name`, `.key`, `[1]`.
    private static func pathStep(_ component: PathComponent) -> String {
        switch component {
        case .variable(let name): return "$" + name
        case .key(let key), .property(let key): return "." + key
        case .index(let index): return "[\(index)]"
        case .member(let index): return "{\(index)}"
        }
    }

    /// Names and keys; positions (`[3]`) only through paths.
    private static func labelMatches(_ component: PathComponent, _ query: SearchQuery) -> Bool {
        switch component {
        case .variable(let name), .key(let name), .property(let name): return query.matches(name)
        case .index, .member: return false
        }
    }

    /// Whether a scalar's text matches (collections match through their children).
    static func scalarMatches(_ value: Value?, _ query: SearchQuery) -> Bool {
        switch value {
        case .string(let text)?: return query.matches(text)
        case .decimal?, .integer?, .double?, .boolean?, .date?: return value.map { query.matches($0.text) } ?? false
        default: return false
        }
    }
}
