import Foundation
import Synchronization

/// The variables every environment starts with: stand-ins for the original's singletons
/// (<doc:Variables>): `$Environment` and `$Platform`.
enum StandardVariables {
    static func declare(in environment: Environment) {
        let environmentObject = EnvironmentObject(facts: environment.facts)
        let platform = PlatformObject()
        environment.variables.declareSingleton("Environment") { .object(environmentObject) }
        environment.variables.declareSingleton("Platform") { .object(platform) }
    }
}

/// What an ``Environment`` knows about its manifest, kept apart from it so that `$Environment` can
/// hold it without holding the environment.
final class EnvironmentFacts: Sendable {
    struct Values {
        var attributes: [String: String] = [:]
        var loadedFiles: [String] = []
        var enabledModules: [BuiltInModule] = [.core]
        var manifestPath: String?
    }

    private let values = Mutex(Values())

    /// Makes these facts `other`'s.
    func replaceValues(with other: EnvironmentFacts) {
        let copied = other.values.withLock { $0 }
        values.withLock { $0 = copied }
    }

    /// Runs `body` with the facts, holding the lock.
    func withValues<T: Sendable>(_ body: (inout Values) -> T) -> T {
        values.withLock { body(&$0) }
    }

    var attributes: [String: String] {
        get { values.withLock { $0.attributes } }
        set { values.withLock { $0.attributes = newValue } }
    }
    var loadedFiles: [String] {
        get { values.withLock { $0.loadedFiles } }
        set { values.withLock { $0.loadedFiles = newValue } }
    }
    var enabledModules: [BuiltInModule] { values.withLock { $0.enabledModules } }
    var manifestPath: String? {
        get { values.withLock { $0.manifestPath } }
        set { values.withLock { $0.manifestPath = newValue } }
    }
}

/// `$Environment`: `isLoaded`, `manifestFilePath`, `mbmlPathsLoaded` (with the built-in core module,
/// ``Environment/mbmlPathsLoaded``) and every attribute of the
/// manifest's `<MBML>` element. Unknown names are nil, not errors (<doc:ExpressionSyntax>).
///
/// Unchecked as ``HostObject`` is; safe: its one stored property is a `let` of a `Sendable` type.
final class EnvironmentObject: HostObject, @unchecked Sendable {
    private let facts: EnvironmentFacts

    init(facts: EnvironmentFacts) {
        self.facts = facts
    }

    override var typeName: String { "MBEnvironment" }

    override var propertyNames: [String] {
        ["isLoaded", "manifestFilePath", "mbmlPathsLoaded"] + facts.attributes.keys.sorted()
    }

    override func value(forProperty name: String) throws -> Value? {
        switch name {
        case "isLoaded": return .boolean(facts.manifestPath != nil)
        case "manifestFilePath": return facts.manifestPath.map(Value.string)
        case "mbmlPathsLoaded": return .array(facts.mbmlPathsLoaded.map(Value.string))
        default: return facts.attributes[name].map(Value.string)
        }
    }
}

/// `$Platform` on Linux (<doc:Variables>): `platformType` 0, `platformName` "linux", every
/// Apple boolean false, `isLinux` true. Unknown names are errors, like any Cocoa object's.
///
/// Unchecked as ``HostObject`` is; safe: it stores nothing (its table is a `static let`).
final class PlatformObject: HostObject, @unchecked Sendable {
    private static let properties: [(String, Value)] = [
        ("platformType", .integer(0)),
        ("platformName", .string("linux")),
        ("isMacOS", .boolean(false)),
        ("isOSX", .boolean(false)),
        ("isIOS", .boolean(false)),
        ("isTVOS", .boolean(false)),
        ("isAppleTV", .boolean(false)),
        ("isWatchOS", .boolean(false)),
        ("isUIKit", .boolean(false)),
        ("isLinux", .boolean(true)),
    ]

    override var typeName: String { "MBPlatform" }

    override var propertyNames: [String] { Self.properties.map(\.0) }

    override func value(forProperty name: String) throws -> Value? {
        if let entry = Self.properties.first(where: { $0.0 == name }) { return entry.1 }
        throw EvaluationFailure("No such key \"\(name)\" for object of type \(typeName)")
    }
}

/// An error raised while looking up a property; the evaluator attaches the token and range.
public struct EvaluationFailure: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
