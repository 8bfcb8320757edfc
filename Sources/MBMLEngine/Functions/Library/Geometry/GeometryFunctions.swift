import Foundation

/// The Geometry functions of <doc:FunctionLibrary>. The reference declares them only on UIKit, but on
/// their string forms (``GeometryValues``) they are plain arithmetic, so the port provides them.
enum GeometryFunctions {
    static var all: [FunctionDefinition] {
        accessors + insetFunctions
    }

    private typealias Shape = GeometryValues.Shape

    /// The functions that read parts of one rect, size or point.
    static var accessors: [FunctionDefinition] {
        [
            accessor(
                "rectOrigin", "rect", .rect,
                "Returns the origin \"x,y\" of a rect string x,y,width,height: ^rectOrigin(10,20,80,90) gives \"10,20\"."
            ) {
                GeometryValues.text([$0[0], $0[1]])
            },
            accessor(
                "rectSize", "rect", .rect,
                "Returns the size \"width,height\" of a rect string x,y,width,height; a * part means -1 (unspecified): ^rectSize(0,0,*,50) gives \"-1,50\"."
            ) {
                GeometryValues.text([$0[2], $0[3]])
            },
            accessor("rectX", "rect", .rect, "Returns the x coordinate of a rect string x,y,width,height as a Number.")
            { .double($0[0]) },
            accessor("rectY", "rect", .rect, "Returns the y coordinate of a rect string x,y,width,height as a Number.")
            { .double($0[1]) },
            accessor(
                "rectWidth", "rect", .rect,
                "Returns the width of a rect string x,y,width,height as a Number (* means -1)."
            ) { .double($0[2]) },
            accessor(
                "rectHeight", "rect", .rect,
                "Returns the height of a rect string x,y,width,height as a Number (* means -1)."
            ) { .double($0[3]) },
            accessor(
                "sizeWidth", "size", .size, "Returns the width of a size string width,height as a Number (* means -1)."
            ) { .double($0[0]) },
            accessor(
                "sizeHeight", "size", .size,
                "Returns the height of a size string width,height as a Number (* means -1)."
            ) { .double($0[1]) },
            accessor("pointX", "point", .point, "Returns the x coordinate of a point string x,y as a Number.") {
                .double($0[0])
            },
            accessor("pointY", "point", .point, "Returns the y coordinate of a point string x,y as a Number.") {
                .double($0[1])
            },
        ]
    }

    /// `^insetRect` and the four single-edge inset functions.
    static var insetFunctions: [FunctionDefinition] {
        [
            FunctionDefinition(
                "insetRect", input: .pipedObjects, signature: "^insetRect(rect|insets)", category: .geometry,
                summary:
                    "Shrinks a rect string x,y,width,height by edge insets top,left,bottom,right and returns the new rect string: x + left, y + top, width - left - right, height - top - bottom (negative insets grow it)."
            ) { call in
                let parameters = try call.values(.exactly(2))
                let rect = try GeometryValues.parse(parameters[0], as: .rect, at: 0)
                let insets = try GeometryValues.parse(parameters[1], as: .insets, at: 1)
                let (top, left, bottom, right) = (insets[0], insets[1], insets[2], insets[3])
                return GeometryValues.text([
                    rect[0] + left, rect[1] + top,
                    rect[2] - left - right, rect[3] - top - bottom,
                ])
            },
            edgeInset("Top", "y + amount and height - amount") { rect, amount in
                [rect[0], rect[1] + amount, rect[2], rect[3] - amount]
            },
            edgeInset("Left", "x + amount and width - amount") { rect, amount in
                [rect[0] + amount, rect[1], rect[2] - amount, rect[3]]
            },
            edgeInset("Bottom", "height - amount") { rect, amount in
                [rect[0], rect[1], rect[2], rect[3] - amount]
            },
            edgeInset("Right", "width - amount") { rect, amount in
                [rect[0], rect[1], rect[2] - amount, rect[3]]
            },
        ]
    }

    private static func accessor(
        _ name: String, _ parameter: String, _ shape: Shape, _ summary: String,
        _ result: @escaping @Sendable ([Double]) -> Value
    ) -> FunctionDefinition {
        FunctionDefinition(
            name, input: .object, signature: "^\(name)(\(parameter))", category: .geometry,
            summary: summary
                + " An empty string counts as all zeros; other kinds, or the wrong number of parts, are errors."
        ) { call in
            result(try GeometryValues.parse(call.optionalValue, as: shape))
        }
    }

    private static func edgeInset(
        _ edge: String, _ effect: String,
        _ inset: @escaping @Sendable ([Double], Double) -> [Double]
    ) -> FunctionDefinition {
        FunctionDefinition(
            "insetRect\(edge)", input: .pipedObjects, signature: "^insetRect\(edge)(rect|amount)", category: .geometry,
            summary:
                "Insets the \(edge.lowercased()) edge of a rect string x,y,width,height by an amount and returns the new rect string (\(effect)); a negative amount grows it. The amount must have a number value."
        ) { call in
            let parameters = try call.values(.exactly(2))
            let rect = try GeometryValues.parse(parameters[0], as: .rect, at: 0)
            guard let amount = GeometryValues.number(parameters[1]) else {
                throw FunctionError.notANumber(at: 1, got: parameters[1])
            }
            return GeometryValues.text(inset(rect, amount))
        }
    }
}
