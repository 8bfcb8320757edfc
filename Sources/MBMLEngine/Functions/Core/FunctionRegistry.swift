import Foundation

/// Binds function names to definitions. Lookup is by exact, case-sensitive name.
///
/// A registry is a value: copying it and declaring more functions does not change the original.
public struct FunctionRegistry: Sendable {
    /// The functions declared on this registry, which take the place of the library's of the same
    /// name.
    private var declared: [String: FunctionDefinition] = [:]
    /// Whether the portable library is under the declared functions (``builtIn``).
    private var includesLibrary = false

    public init() {}

    /// A registry holding every built-in function of the portable library, shared by every
    /// environment (a registry is a value, so one that declares more functions copies only what
    /// it declares).
    ///
    /// The library's table is made once in a process, at the first look-up of any registry that
    /// holds it, not when the registry is made: a run that calls no function (`mbml eval
    /// '$name'` on a manifest of literals) never makes it.
    public static let builtIn: FunctionRegistry = {
        var registry = FunctionRegistry()
        registry.includesLibrary = true
        return registry
    }()

    /// The portable library by name: made once a process, on first use.
    private static let library: [String: FunctionDefinition] = {
        let all = BuiltInFunctions.all
        var table: [String: FunctionDefinition] = [:]
        // The table is made once, not copied as it grows.
        table.reserveCapacity(all.count)
        for definition in all {
            table[definition.name] = definition
        }
        return table
    }()

    /// Declares (or redeclares: last one wins) a function.
    public mutating func declare(_ definition: FunctionDefinition) {
        declared[definition.name] = definition
    }

    /// Declares `alias` as another name for `name`. Does nothing if `name` is unknown.
    public mutating func declare(alias: String, of name: String) {
        guard var definition = definition(named: name) else { return }
        definition.name = alias
        declared[alias] = definition
    }

    public func definition(named name: String) -> FunctionDefinition? {
        if let definition = declared[name] { return definition }
        return includesLibrary ? Self.library[name] : nil
    }

    /// All definitions sorted by name.
    public var all: [FunctionDefinition] {
        merged.values.sorted { $0.name < $1.name }
    }

    public var count: Int { merged.count }

    /// The declared functions over the library's.
    private var merged: [String: FunctionDefinition] {
        guard includesLibrary else { return declared }
        return Self.library.merging(declared) { _, declared in declared }
    }
}
