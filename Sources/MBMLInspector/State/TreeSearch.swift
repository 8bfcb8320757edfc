import MBMLEngine

/// Finds nodes of the whole variable tree (collapsed ones included) whose name or scalar value
/// contains a query, case-insensitively, in the order the tree shows them.
public enum TreeSearch {
    /// The paths of the matching nodes, at most `limit` of them.
    public static func matches(of query: String, in snapshot: VariableSnapshot, limit: Int = 10_000,
                               maximumDepth: Int = 32) -> [NodePath] {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return [] }
        var found: [NodePath] = []
        var path: NodePath = []
        func visit(_ node: TreeNode, depth: Int) {
            let count = node.childCount
            var position = 0
            while position < count, found.count < limit {
                let component = node.component(at: position)
                let value = node.childValue(component)
                path.append(component)
                if component.label.lowercased().contains(needle) || scalarMatches(value, needle) {
                    found.append(path)
                }
                if depth < maximumDepth, let value = value, TreeNode.value(value).childCount > 0 {
                    visit(.value(value), depth: depth + 1)
                }
                path.removeLast()
                position += 1
            }
        }
        visit(.space(snapshot), depth: 0)
        return found
    }

    private static func scalarMatches(_ value: Value?, _ needle: String) -> Bool {
        switch value {
        case .string(let text)?: return text.lowercased().contains(needle)
        case .decimal?, .integer?, .double?, .boolean?, .date?: return value?.text.lowercased().contains(needle) ?? false
        default: return false
        }
    }
}
