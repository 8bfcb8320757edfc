import MBMLEngine

/// The line of a JSON data file on which a node of the tree is: `E` on a node of `--data` or of a
/// JSON file opens the editor there.
enum DataNodeLine {
    /// The line of the deepest node on `path` whose place in the file's text is known (nodes of a
    /// lazily read JSON file know it), or nil when none is (a value read whole, a JSON Lines record).
    static func line(of path: NodePath, in snapshot: VariableSnapshot) -> Int? {
        guard case .variable(let name)? = path.first else { return nil }
        var value = snapshot.value(of: name)
        var line: Int?
        for component in path.dropFirst() {
            if let node = value?.jsonNode {
                switch component {
                case .index(let index): line = node.line(ofElement: index) ?? line
                case .key(let key): line = node.line(ofKey: key) ?? line
                default: break
                }
            }
            value = TreeNode.value(value).childValue(component)
        }
        if line == nil, path.count == 1, let node = value?.jsonNode { line = node.line }
        return line
    }
}
