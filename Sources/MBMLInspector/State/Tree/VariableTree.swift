import MBMLEngine

/// One visible row of the variable tree.
struct TreeRow: Equatable {
    var path: NodePath
    /// 0 for a variable, 1 for its children, ...
    var depth: Int
    /// The node's value (nil for a variable without a value).
    var value: Value?
    /// How many children the node has (0 for scalars).
    var childCount: Int
    var isExpanded: Bool

    var label: String { path.last?.label ?? "" }
    var isExpandable: Bool { childCount > 0 }
}

/// The variable tree as the user sees it: the snapshot's variables with the expanded nodes opened.
///
/// Rows are computed on demand from the expansion trie: finding row *n* or the index of a path
/// costs time in proportion to the number of *expanded* nodes, never to the size of the space, so a
/// space of hundreds of thousands of nodes scrolls as fast as a small one.
struct VariableTree {
    let snapshot: VariableSnapshot
    let expansion: ExpansionSet

    init(snapshot: VariableSnapshot, expansion: ExpansionSet) {
        self.snapshot = snapshot
        self.expansion = expansion
    }

    /// The number of visible rows.
    var rowCount: Int {
        descendantRows(of: .space(snapshot), expansion: expansion)
    }

    /// The rows from `start`, at most `count` of them.
    func rows(from start: Int, count: Int) -> [TreeRow] {
        guard count > 0, start >= 0 else { return [] }
        var skip = start
        var need = count
        var output: [TreeRow] = []
        collect(
            node: .space(snapshot), path: [], depth: 0, expansion: expansion,
            skip: &skip, need: &need, into: &output)
        return output
    }

    /// The row at `index`, if there is one.
    func row(at index: Int) -> TreeRow? {
        rows(from: index, count: 1).first
    }

    /// The index of the row showing `path`, or nil when it is not visible (missing, or an ancestor
    /// is collapsed).
    func index(of path: NodePath) -> Int? {
        var node = TreeNode.space(snapshot)
        var sub: ExpansionSet? = expansion
        var index = -1
        for component in path {
            guard let expanded = sub, let position = node.position(of: component) else { return nil }
            var before = position
            for (other, otherSub) in expanded.children {
                guard let otherPosition = node.position(of: other), otherPosition < position else { continue }
                before += descendantRows(of: node.child(other), expansion: otherSub)
            }
            index += 1 + before
            node = node.child(component)
            sub = expanded.children[component]
        }
        return path.isEmpty ? nil : index
    }

    /// The row for `path` whether or not it is visible.
    func row(for path: NodePath) -> TreeRow? {
        guard snapshot.contains(path) else { return nil }
        let value = snapshot.value(at: path)
        let count = TreeNode.value(value).childCount
        return TreeRow(
            path: path, depth: path.count - 1, value: value, childCount: count,
            isExpanded: count > 0 && expansion.contains(path))
    }

    /// The deepest ancestor of `path` (or `path` itself) that still exists.
    func nearestExisting(_ path: NodePath) -> NodePath? {
        var candidate = path
        while !candidate.isEmpty {
            if snapshot.contains(candidate) { return candidate }
            candidate.removeLast()
        }
        return nil
    }

    // MARK: Walking

    /// Rows below an expanded node (not counting the node itself).
    func descendantRows(of node: TreeNode, expansion: ExpansionSet) -> Int {
        var total = node.childCount
        for (component, sub) in expansion.children where node.position(of: component) != nil {
            let child = node.child(component)
            if child.childCount > 0 { total += descendantRows(of: child, expansion: sub) }
        }
        return total
    }

    private func collect(
        node: TreeNode, path: NodePath, depth: Int, expansion: ExpansionSet,
        skip: inout Int, need: inout Int, into output: inout [TreeRow]
    ) {
        let count = node.childCount
        let expandedPositions = expansion.children.compactMap { component, sub -> (Int, PathComponent, ExpansionSet)? in
            guard let position = node.position(of: component) else { return nil }
            return (position, component, sub)
        }.sorted { $0.0 < $1.0 }
        var position = 0
        for stop in expandedPositions.map({ Optional($0) }) + [nil] {
            let end = stop?.0 ?? count
            let plain = end - position
            if skip >= plain {
                skip -= plain
            } else {
                var p = position + skip
                skip = 0
                while p < end, need > 0 {
                    output.append(makeRow(node: node, position: p, path: path, depth: depth, expanded: false))
                    need -= 1
                    p += 1
                }
            }
            if need == 0 { return }
            guard let (childPosition, component, sub) = stop else { return }
            let child = node.child(component)
            let expandable = child.childCount > 0
            if skip > 0 {
                skip -= 1
            } else {
                output.append(
                    makeRow(
                        node: node, position: childPosition, path: path, depth: depth,
                        expanded: expandable))
                need -= 1
                if need == 0 { return }
            }
            if expandable {
                let below = descendantRows(of: child, expansion: sub)
                if skip >= below {
                    skip -= below
                } else {
                    collect(
                        node: child, path: path + [component], depth: depth + 1, expansion: sub,
                        skip: &skip, need: &need, into: &output)
                    if need == 0 { return }
                }
            }
            position = childPosition + 1
        }
    }

    private func makeRow(node: TreeNode, position: Int, path: NodePath, depth: Int, expanded: Bool) -> TreeRow {
        let component = node.component(at: position)
        let value = node.childValue(component)
        return TreeRow(
            path: path + [component], depth: depth, value: value,
            childCount: TreeNode.value(value).childCount, isExpanded: expanded)
    }
}
