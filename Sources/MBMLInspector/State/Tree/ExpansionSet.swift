/// The expanded nodes of the variable tree, as a trie of paths: a node is expanded when its path
/// is in the trie. Only expanded nodes are stored, so the tree's cost follows what the user opened,
/// not the size of the space.
struct ExpansionSet: Equatable, Sendable {
    var children: [PathComponent: ExpansionSet] = [:]

    init() {}

    /// Whether the node at `path` is expanded.
    func contains(_ path: NodePath) -> Bool {
        subtree(at: path) != nil
    }

    /// Expands the node at `path` and every ancestor.
    mutating func insert(_ path: NodePath) {
        guard let first = path.first else { return }
        children[first, default: ExpansionSet()].insert(Array(path.dropFirst()))
    }

    /// Collapses the node at `path` (its expanded descendants are forgotten too).
    mutating func remove(_ path: NodePath) {
        guard let first = path.first else { return }
        if path.count == 1 {
            children[first] = nil
        } else {
            children[first]?.remove(Array(path.dropFirst()))
        }
    }

    /// Every expanded path (for tests and diagnostics).
    var paths: [NodePath] {
        var result: [NodePath] = []
        for (component, sub) in children {
            result.append([component])
            result.append(contentsOf: sub.paths.map { [component] + $0 })
        }
        return result
    }

    func subtree(at path: NodePath) -> ExpansionSet? {
        var current = self
        for component in path {
            guard let next = current.children[component] else { return nil }
            current = next
        }
        return current
    }
}
