import MBMLEngine

/// A node of the variable tree seen as a list of children: the space (whose children are the
/// variables) or a value (a collection's elements, a host object's properties; scalars have none).
enum TreeNode {
    case space(VariableSnapshot)
    case value(Value?)

    var childCount: Int {
        switch self {
        case .space(let snapshot): return snapshot.names.count
        case .value(let value?):
            switch value {
            case .array(let elements), .set(let elements): return elements.count
            case .dictionary(let entries): return entries.count
            case .object(let object): return object.propertyNames.count
            default: return 0
            }
        case .value(nil): return 0
        }
    }

    /// The component leading to the child at `position` (0 ..< childCount).
    func component(at position: Int) -> PathComponent {
        switch self {
        case .space(let snapshot): return .variable(snapshot.names[position])
        case .value(let value?):
            switch value {
            case .array: return .index(position)
            case .set: return .member(position)
            case .dictionary(let entries): return .key(entries.keys[position])
            case .object(let object): return .property(object.propertyNames[position])
            default: return .index(position)
            }
        case .value(nil): return .index(position)
        }
    }

    /// The position of a child, or nil when this node has no such child.
    func position(of component: PathComponent) -> Int? {
        switch (self, component) {
        case (.space(let snapshot), .variable(let name)): return snapshot.position(of: name)
        case (.value(.array(let elements)?), .index(let index)),
            (.value(.set(let elements)?), .member(let index)):
            return index >= 0 && index < elements.count ? index : nil
        case (.value(.dictionary(let entries)?), .key(let key)): return entries.index(forKey: key)
        case (.value(.object(let object)?), .property(let name)): return object.propertyNames.firstIndex(of: name)
        default: return nil
        }
    }

    /// The child's value (nil for a variable without a value or an unreadable property).
    func childValue(_ component: PathComponent) -> Value? {
        switch (self, component) {
        case (.space(let snapshot), .variable(let name)): return snapshot.value(of: name)
        case (.value(.array(let elements)?), .index(let index)),
            (.value(.set(let elements)?), .member(let index)):
            return index >= 0 && index < elements.count ? elements[index] : nil
        case (.value(.dictionary(let entries)?), .key(let key)): return entries[key]
        case (.value(.object(let object)?), .property(let name)): return (try? object.value(forProperty: name)) ?? nil
        default: return nil
        }
    }

    /// The child node for a component.
    func child(_ component: PathComponent) -> TreeNode {
        .value(childValue(component))
    }
}
