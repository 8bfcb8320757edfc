/// An object supplied by the host that answers MBML property lookups by name, like the original's
/// key-value coding on `$Environment` and `$Platform` (<doc:ExpressionSyntax>, <doc:Variables>).
///
/// Subclasses override ``value(forProperty:)``. Identity is object identity.
open class HostObject: @unchecked Sendable {
    public init() {}

    /// The type name shown in messages and in the variable tree.
    open var typeName: String { "Object" }

    /// The value of a property, or nil when the object has none of that name.
    /// - Throws: ``EvaluationFailure`` when an unknown property must be an error.
    open func value(forProperty name: String) throws -> Value? { nil }

    /// The property names the object can show in a tree or description.
    open var propertyNames: [String] { [] }
}
