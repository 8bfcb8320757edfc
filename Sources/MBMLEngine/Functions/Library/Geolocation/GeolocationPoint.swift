import Foundation

/// A point on Earth: the value `^parseLocation` returns and `^distance` and `^formatDistance`
/// accept (<doc:FunctionLibrary>, Geolocation), the port of the original's `MBGeolocationPoint`.
///
/// A host can put one in the variable space, as the original's apps did with the device's location:
///
/// ```swift
/// let office = GeolocationPoint(latitude: 40.741284, longitude: -73.987383)
/// environment.variables.declare("office", value: .object(office))
/// ```
///
/// How it behaves as a value:
/// - Two points are equal (`==`, sets) when their latitudes and longitudes are equal, as in the original.
/// - Its text form — the string context, interpolation, and the JSON encoding of `mbml eval`, which
///   shows objects by their text — is the original's `asString`, `"40.74128400,-73.98738300"`
///   (eight decimals, latitude first). It is chosen over the original's `description`
///   (`<MBGeolocationPoint: 40.74128400,-73.98738300>`) because it reads back: `^parseLocation`,
///   `^distance` and `^formatDistance` all accept it. The `description` property still gives the
///   original's form.
/// - Its properties are `latitude` and `longitude` (Numbers, degrees), `asString` and
///   `description`; any other name is an error, as key-value coding on the original object was.
///
/// Unchecked as ``HostObject`` is; safe: a point is immutable (two `let` numbers).
public final class GeolocationPoint: HostObject, @unchecked Sendable {
    /// Degrees north of the equator (negative: south).
    public let latitude: Double
    /// Degrees east of Greenwich (negative: west).
    public let longitude: Double

    /// The mean radius of the Earth the original measures with, in miles.
    public static let earthRadiusInMiles = 3963.1924

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Reads `"latitude,longitude"` (and, when `acceptingPipes`, `"latitude|longitude"`) as the
    /// original does: exactly two parts, each read like `NSString.doubleValue` (leading numeric
    /// part, otherwise 0). Nil when the text does not have exactly two parts.
    public convenience init?(parsing text: String, acceptingPipes: Bool) {
        var parts = text.components(separatedBy: ",")
        if parts.count != 2, acceptingPipes {
            parts = text.components(separatedBy: "|")
        }
        guard parts.count == 2 else { return nil }
        self.init(
            latitude: NumericParsing.double(from: parts[0]), longitude: NumericParsing.double(from: parts[1]))
    }

    /// The great-circle distance to `other` in miles: the original's spherical law of cosines on a
    /// sphere of ``earthRadiusInMiles`` (which gives the 2559.8 miles its tests assert from Apple's
    /// Cupertino campus to 1 Madison Avenue). Rounding can push the cosine just past ±1 for
    /// (nearly) identical or antipodal points; it is clamped, so those give 0 and half the
    /// circumference instead of NaN.
    public func distance(to other: GeolocationPoint) -> Double {
        let la1 = other.latitude * .pi / 180
        let lo1 = other.longitude * .pi / 180
        let la2 = latitude * .pi / 180
        let lo2 = longitude * .pi / 180
        let cosine =
            cos(la1) * cos(lo1) * cos(la2) * cos(lo2)
            + cos(la1) * sin(lo1) * cos(la2) * sin(lo2)
            + sin(la1) * sin(la2)
        return acos(Swift.min(1, Swift.max(-1, cosine))) * Self.earthRadiusInMiles
    }

    /// The original's `asString`: both coordinates with eight decimals, comma-separated.
    public var coordinateText: String {
        String(format: "%0.8f,%0.8f", latitude, longitude)
    }

    // MARK: HostObject

    public override var typeName: String { "MBGeolocationPoint" }

    public override var text: String { coordinateText }

    public override var propertyNames: [String] { ["latitude", "longitude"] }

    public override func value(forProperty name: String) throws -> Value? {
        switch name {
        case "latitude": return .double(latitude)
        case "longitude": return .double(longitude)
        case "asString": return .string(coordinateText)
        case "description": return .string("<\(typeName): \(coordinateText)>")
        default: throw EvaluationFailure("No such key \"\(name)\" for object of type \(typeName)")
        }
    }

    public override func isEqual(to other: HostObject) -> Bool {
        guard let other = other as? GeolocationPoint else { return false }
        return latitude == other.latitude && longitude == other.longitude
    }

    public override func hash(into hasher: inout Hasher) {
        hasher.combine(latitude)
        hasher.combine(longitude)
    }
}
