/// The portable function library, gathered from one file per category.
public enum BuiltInFunctions {
    /// Every built-in definition, aliases included, each marked pure unless it has effects
    /// (``FunctionDefinition/isPure``).
    public static var all: [FunctionDefinition] {
        library.map { definition in
            var definition = definition
            definition.isPure = !hasEffects(definition)
            return definition
        }
    }

    /// The categories whose functions log, read or write files, look at the process or the host,
    /// or are not portable: none is pure.
    static let categoriesWithEffects: Set<FunctionCategory> = [
        .debug, .environment, .file, .font, .resource, .runtime,
    ]

    /// The functions of the other categories that are not pure: `^log` and `^test` (log), random
    /// draws, the clock, and `^eval`/`^evalBool` (whose expression is text known only at run time).
    static let withEffects: Set<String> = [
        "log", "test", "random", "randomPercent", "eval", "evalBool", "currentTime", "secondsSince",
        "secondsUntil", "formatTimeUntil",
    ]

    /// Whether `definition` changes something or depends on more than its input.
    static func hasEffects(_ definition: FunctionDefinition) -> Bool {
        categoriesWithEffects.contains(definition.category) || withEffects.contains(definition.name)
    }

    private static var library: [FunctionDefinition] {
        LanguageFunctions.all
            + CollectionFunctions.all
            + DataProcessingFunctions.all
            + DateFunctions.all
            + DebugFunctions.all
            + EncodingFunctions.all
            + EnvironmentFunctions.all
            + FileFunctions.all
            + GeolocationFunctions.all
            + GeometryFunctions.all
            + MathFunctions.all
            + RegexFunctions.all
            + ResourceFunctions.all
            + StringFunctions.all
            + UnavailableFunctions.all
    }
}
