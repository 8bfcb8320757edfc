import Foundation

/// The string forms of rectangles, sizes, points and edge insets used by the Geometry functions
/// (<doc:FunctionLibrary>): comma-separated numbers such as `x,y,width,height`.
enum GeometryValues {
    /// A kind of geometry string: its name and parts, and which parts may be `*` ("unspecified", −1).
    struct Shape {
        let name: String
        let parts: [String]
        let starParts: Set<Int>

        static let rect = Shape(name: "rect", parts: ["x", "y", "width", "height"], starParts: [2, 3])
        static let size = Shape(name: "size", parts: ["width", "height"], starParts: [0, 1])
        static let point = Shape(name: "point", parts: ["x", "y"], starParts: [])
        static let insets = Shape(name: "edge insets", parts: ["top", "left", "bottom", "right"], starParts: [])
    }

    /// The numbers of a geometry string. Each part is read leniently (leading whitespace skipped,
    /// the leading numeric portion used, otherwise 0); an empty String is all zeros (reference quirk).
    /// - Parameter index: the parameter's position in a piped list, or nil for a single-value function.
    /// - Throws: for absent input, null, non-Strings, and Strings with the wrong number of parts.
    static func parse(_ value: Value?, as shape: Shape, at index: Int? = nil) throws -> [Double] {
        guard let value = value else { throw FunctionError.noParameter }
        guard case .string(let text) = value else {
            if let index = index { throw FunctionError.type(at: index, expected: "String", got: value) }
            if value.isNull { throw FunctionError.nullParameter }
            throw FunctionError.type(expected: "String", got: value)
        }
        if text.isEmpty { return Array(repeating: 0, count: shape.parts.count) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == shape.parts.count else {
            throw FunctionError(
                "couldn't parse \(shape.name) from \"\(text)\"; expecting \(shape.parts.joined(separator: ","))")
        }
        return parts.enumerated().map { position, part in
            if shape.starParts.contains(position) && part == "*" { return -1 }
            return NumericParsing.double(from: part)
        }
    }

    /// The number form of an amount: a Number as is, a String by its leading numeric part; nil when
    /// there is none (non-numeric text, null, other kinds).
    static func number(_ value: Value) -> Double? {
        if case .string(let text) = value {
            return NumericParsing.decimal(from: text) == nil ? nil : NumericParsing.double(from: text)
        }
        return value.doubleValue
    }

    /// Numbers joined with `,`, each formatted like C's `%g`.
    static func text(_ numbers: [Double]) -> Value {
        .string(numbers.map(format).joined(separator: ","))
    }

    /// C `%g`: at most 6 significant digits, no trailing zeros (`10`, `0.5`, `1.23457e+06`).
    static func format(_ number: Double) -> String {
        String(format: "%g", number == 0 ? 0 : number)
    }
}
