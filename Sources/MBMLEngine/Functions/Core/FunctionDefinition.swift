/// A built-in or host-supplied function: its name, input type, metadata for `mbml functions` and the
/// inspector, and the Swift implementation.
public struct FunctionDefinition: Sendable {
    /// The signature of an implementation. Return nil for "no value".
    public typealias Implementation = @Sendable (FunctionCall) throws -> Value?

    public var name: String
    public var input: FunctionInputType
    /// The call shape shown to users, e.g. `^join(list|separator)`.
    public var signature: String
    public var category: FunctionCategory
    /// One paragraph saying what the function does.
    public var summary: String
    public var implementation: Implementation
    /// Output type `none` (<doc:FunctionCalls>): the call's value is always nothing, and — as in the
    /// original, which discards the return value before checking for errors — a failure is ignored.
    public var discardsResult = false
    /// For a function that evaluates a parameter once per item of a collection: the variables it
    /// binds meanwhile and an example (nil for every other function).
    public var iteration: IterationVariables?
    /// Whether a call's answer depends only on its input and the call changes nothing: no log line,
    /// no variable set, no file read or written, no clock, no random draw, no expression built from
    /// text at run time. A per-item expression that calls only such functions may be evaluated for
    /// many items at once (<doc:LargeData>, "Per-item scopes in parallel"). False unless said: a host's function is assumed to have
    /// effects; the built-in library marks its own (``BuiltInFunctions/all``).
    public var isPure = false
    /// For a function whose answer is the same for an array and for that array's distinct elements
    /// in the order they first occur (`^unique`): true. Its argument may then be computed by the
    /// argument's ``distinctResults`` when the argument is a call of a function that has them
    /// (``FunctionInvoker``: `^unique(^list(…))` never builds the list).
    var keepsDistinctElements = false
    /// For a function whose result is an array (`^list`): an implementation giving, in place of that
    /// array, its distinct elements in the order they first occur, after the same evaluations, log
    /// lines and stops, and charging the memory budget what the whole array would have been charged.
    var distinctResults: Implementation?

    public init(
        _ name: String, input: FunctionInputType, signature: String, category: FunctionCategory,
        summary: String, implementation: @escaping Implementation
    ) {
        self.name = name
        self.input = input
        self.signature = signature
        self.category = category
        self.summary = summary
        self.implementation = implementation
    }

}

/// The function categories of <doc:FunctionLibrary>.
public enum FunctionCategory: String, Sendable, CaseIterable {
    case collection = "Collection"
    case dataProcessing = "DataProcessing"
    case date = "Date"
    case debug = "Debug"
    case encoding = "Encoding"
    case environment = "Environment"
    case file = "File"
    case font = "Font"
    /// The portable functions of the original's geolocation module (`^distance`, `^parseLocation`, ...).
    case geolocation = "Geolocation"
    case geometry = "Geometry"
    case logic = "Logic"
    case math = "Math"
    case regex = "Regex"
    case resource = "Resource"
    case runtime = "Runtime"
    case string = "String"
    /// Functions that shape the language itself (`^q`, `^if`, `^eval`, ...; <doc:FunctionCalls>).
    case language = "Language"
}
