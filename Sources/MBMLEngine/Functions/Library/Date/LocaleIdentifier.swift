import Foundation

/// Locale identifiers from user text (a date function's parameter, `$MBMLDateFunctions:dateParsingLocale`,
/// `LANG`), checked before Foundation formats or parses with them.
///
/// Foundation on Linux stops the process (SIGILL) when a formatter uses a locale whose identifier has
/// a non-ASCII character (`é`, `ü_DE`) or names an unknown numbering system (`en@numbers=qq`,
/// `en-u-nu-qq`), so such identifiers are refused here instead.
enum LocaleIdentifier {
    /// The locale `identifier` names.
    /// - Throws: a ``FunctionError`` saying why the identifier cannot be used.
    static func locale(_ identifier: String) throws -> Locale {
        if let problem = problem(with: identifier) {
            throw FunctionError("locale \"\(identifier)\" \(problem)")
        }
        return Locale(identifier: identifier)
    }

    /// Whether `identifier` can be given to Foundation.
    static func isUsable(_ identifier: String) -> Bool {
        problem(with: identifier) == nil
    }

    /// The numbering systems ICU knows (`latn`, `arab`, ...).
    private static let numberingSystems = Set(Locale.NumberingSystem.availableNumberingSystems.map(\.identifier))

    /// Why `identifier` is refused, or nil.
    private static func problem(with identifier: String) -> String? {
        guard identifier.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            return "is not a locale identifier: only ASCII letters, digits and punctuation may be used"
        }
        let system = Locale(identifier: identifier).numberingSystem.identifier
        guard numberingSystems.contains(system) else {
            return "names the unknown numbering system \"\(system)\""
        }
        return nil
    }
}
