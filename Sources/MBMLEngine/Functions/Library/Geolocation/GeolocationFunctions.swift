import Foundation

/// The Geolocation functions of <doc:FunctionLibrary>: the portable part of the original's
/// geolocation module (`MBGeolocation`, `MBMLGeolocationFunctions`), which apps loaded with its own
/// module manifest, `MBGeolocationModule.xml`. The port declares them built in.
///
/// Locations are ``GeolocationPoint`` values; wherever a location is expected, a String
/// `"latitude,longitude"` works too. Distances are in miles, as the original returns them.
///
/// The rest of the module is the live location service (`MBGeolocationService`: Core Location
/// updates posted as `GeolocationService:…` events and variables such as
/// `$GeolocationService:latestLocation`). It declares no functions, and Linux has no location
/// service, so nothing of it is provided; a host that knows a location can put a
/// ``GeolocationPoint`` in a variable instead.
enum GeolocationFunctions {
    static var all: [FunctionDefinition] {
        [distance, formatDistance, parseLocation]
    }

    static let distance = FunctionDefinition(
        "distance", input: .pipedObjects, signature: "^distance(location|location)", category: .geolocation,
        summary:
            "Returns the great-circle distance between two locations in miles, as a Number: ^distance(37.3316872,-122.0305188|40.741284,-73.987383) gives about 2559.8. Each location is a location value (^parseLocation) or a String \"latitude,longitude\"."
    ) { call in
        let values = try call.values(.exactly(2))
        let from = try location(values[0], at: 0)
        let to = try location(values[1], at: 1)
        return .double(from.distance(to: to))
    }

    static let formatDistance = FunctionDefinition(
        "formatDistance", input: .pipedObjects, signature: "^formatDistance(format|location|location)",
        category: .geolocation,
        summary:
            "Formats the distance in miles between two locations with a printf-style format that has exactly one floating conversion (%f, %e or %g, with optional flags, width and precision) plus literal text and %%: ^formatDistance(%0.1f miles|$here|$there) gives \"2559.8 miles\". The locations are as for ^distance."
    ) { call in
        let values = try call.values(.exactly(3))
        guard case .string(let format) = values[0] else {
            throw FunctionError.type(at: 0, expected: "String", got: values[0])
        }
        let from = try location(values[1], at: 1)
        let to = try location(values[2], at: 2)
        try PercentFormat.validate(format)
        return .string(PercentFormat.format(format, from.distance(to: to)))
    }

    static let parseLocation = FunctionDefinition(
        "parseLocation", input: .string, signature: "^parseLocation(latitude,longitude)",
        category: .geolocation,
        summary:
            "Returns the location at a latitude and longitude in degrees, separated by a comma or a pipe: ^parseLocation(40.741284,-73.987383) and ^parseLocation(40.741284|-73.987383) are equal. Its properties are latitude and longitude; its text form is \"40.74128400,-73.98738300\". Each part is read like doubleValue (leading number, otherwise 0); anything but exactly two parts fails."
    ) { call in
        let text = try call.text()
        guard let point = GeolocationPoint(parsing: text, acceptingPipes: true) else {
            throw FunctionError(
                "expected parameter in the format \"<latitude>,<longitude>\" or \"<latitude>|<longitude>\", but instead got: \"\(text)\""
            )
        }
        return .object(point)
    }

    /// A location parameter: a ``GeolocationPoint``, or a String `"latitude,longitude"` (no pipe:
    /// in a piped list the pipe separates the parameters).
    static func location(_ value: Value, at index: Int) throws -> GeolocationPoint {
        switch value {
        case .object(let object as GeolocationPoint):
            return object
        case .string(let text):
            guard let point = GeolocationPoint(parsing: text, acceptingPipes: false) else {
                throw FunctionError(
                    "expected parameter at index \(index) to be in the format \"<latitude>,<longitude>\", but instead got: \"\(text)\""
                )
            }
            return point
        default:
            throw FunctionError.type(at: index, expected: "String or MBGeolocationPoint", got: value)
        }
    }
}
