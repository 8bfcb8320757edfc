import Foundation

/// Binds function names to definitions. Lookup is by exact, case-sensitive name.
///
/// A registry is a value: copying it and declaring more functions does not change the original.
public struct FunctionRegistry: Sendable {
    private var definitions: [String: FunctionDefinition] = [:]

    public init() {}

    /// A registry holding every built-in function of the portable library: made once in a
    /// process, on first use, and shared by every environment (a registry is a value, so one that
    /// declares more functions copies it).
    public static let builtIn: FunctionRegistry = {
        var registry = FunctionRegistry()
        let all = BuiltInFunctions.all
        // The table is made once, not copied as it grows.
        registry.definitions.reserveCapacity(all.count)
        for definition in all {
            registry.declare(definition)
        }
        return registry
    }()

    /// Declares (or redeclares: last one wins) a function.
    public mutating func declare(_ definition: FunctionDefinition) {
        definitions[definition.name] = definition
    }

    /// Declares `alias` as another name for `name`. Does nothing if `name` is unknown.
    public mutating func declare(alias: String, of name: String) {
        guard var definition = definitions[name] else { return }
        definition.name = alias
        definitions[alias] = definition
    }

    public func definition(named name: String) -> FunctionDefinition? {
        definitions[name]
    }

    /// All definitions sorted by name.
    public var all: [FunctionDefinition] {
        definitions.values.sorted { $0.name < $1.name }
    }

    public var count: Int { definitions.count }
}
