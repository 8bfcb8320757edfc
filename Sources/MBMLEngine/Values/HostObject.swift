/// An object supplied by the host that answers MBML property lookups by name, like the original's
/// key-value coding on `$Environment` and `$Platform` (<doc:ExpressionSyntax>, <doc:Variables>).
///
/// Subclasses override ``value(forProperty:)``. Equality is object identity unless a subclass
/// compares by value (``isEqual(to:)`` with ``hash(into:)``), and the text form is `<TypeName>`
/// unless a subclass gives one (``text``).
///
/// Thread safety: values, and the objects in them, cross threads (the inspector evaluates in the
/// background), so every subclass must be safe to use from several threads: immutable, or with its
/// state behind a lock. The base class has no state. Its conformance is unchecked only because the
/// compiler checks no open class; each subclass restates it (the compiler asks it to) and says why
/// it is safe.
open class HostObject: @unchecked Sendable {
    public init() {}

    /// The type name shown in messages and in the variable tree.
    open var typeName: String { "Object" }

    /// The value of a property, or nil when the object has none of that name.
    /// - Throws: ``EvaluationFailure`` when an unknown property must be an error.
    open func value(forProperty name: String) throws -> Value? { nil }

    /// The property names the object can show in a tree or description.
    open var propertyNames: [String] { [] }

    /// Whether the object equals `other` for the language's `==` and for set membership. A subclass
    /// that overrides it overrides ``hash(into:)`` too, so that equal objects hash alike.
    open func isEqual(to other: HostObject) -> Bool { self === other }

    /// Feeds what ``isEqual(to:)`` compares into `hasher` (by default, the object's identity).
    open func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// What the string context, interpolation and the JSON encoding show for the object.
    open var text: String { "<\(typeName)>" }
}
