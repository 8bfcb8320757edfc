import Foundation

/// The dates the engine works with: from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z (proleptic Gregorian), the years the
/// `$date` encoding (four-digit years) and the text form can show. Functions that make a date from a
/// number or text (`^unixTimestampToDate`, `^addSecondsToDate`, `^parseDate`, ...) refuse one outside
/// this range with an error instead of printing a wrong year or stopping the process.
enum RenderableDates {
    /// 0000-01-01T00:00:00Z in seconds since 1970 (ICU reads year 1 in the Julian calendar, two days earlier).
    static let earliest: TimeInterval = -62_167_219_200
    /// 9999-12-31T23:59:59Z in seconds since 1970 (the fraction of that second is still inside).
    static let latest: TimeInterval = 253_402_300_799

    /// Whether a date `interval` seconds after 1970 is in the range (NaN and infinities are not).
    static func contains(_ interval: TimeInterval) -> Bool {
        interval >= earliest && interval < latest + 1
    }

    /// `date` itself when it is in the range.
    /// - Throws: a ``FunctionError`` giving the range.
    static func checked(_ date: Date) throws -> Date {
        let interval = date.timeIntervalSince1970
        guard contains(interval) else { throw outOfRange(interval) }
        return date
    }

    /// The error for a date `interval` seconds after 1970 that is outside the range.
    static func outOfRange(_ interval: TimeInterval) -> FunctionError {
        FunctionError(
            "the date \(Value.doubleText(interval)) seconds after 1970-01-01 is outside the supported range "
                + "0000-01-01 to 9999-12-31 (\(Int(earliest)) to \(Int(latest)) seconds)")
    }

    /// `interval` moved into the range (NaN to 1970), for renderers that must show any date a host
    /// made without failing.
    static func clamped(_ interval: TimeInterval) -> TimeInterval {
        if interval.isNaN { return 0 }
        return min(max(interval, earliest), latest)
    }
}
