/// One step from a node of the variable tree to one of its children.
enum PathComponent: Hashable, Sendable {
    /// A top-level variable.
    case variable(String)
    /// A dictionary entry.
    case key(String)
    /// An array element.
    case index(Int)
    /// A set member, by position (sets cannot be subscripted in MBML).
    case member(Int)
    /// A property of a host object (`$Environment`, `$Platform`).
    case property(String)

    /// How the component is labelled in the tree.
    var label: String {
        switch self {
        case .variable(let name), .key(let name), .property(let name): return name
        case .index(let index): return "[\(index)]"
        case .member(let index): return "{\(index)}"
        }
    }
}

/// Where a node sits in the variable tree: the variable, then keys, indexes and properties.
/// Paths survive reloads, which is how the tree keeps its expanded nodes and selection.
typealias NodePath = [PathComponent]
