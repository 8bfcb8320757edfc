/// The portable function library, gathered from one file per category.
public enum BuiltInFunctions {
    /// Every built-in definition, aliases included.
    public static var all: [FunctionDefinition] {
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
