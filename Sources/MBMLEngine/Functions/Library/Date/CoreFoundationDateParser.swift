import CoreFoundation
import Foundation

/// Parses date text with ICU through Core Foundation, the way `DateFormatter.date(from:)` does,
/// without its trap.
///
/// On Linux, `DateFormatter.date(from:)` turns the position where ICU stopped into a range of the
/// Swift string and stops the process (`Incorrect range`) when that position lies inside a
/// character of several scalars — a digit followed by a combining mark, say, in text that does not
/// match (a fuzzing finding: `^parseDate(Sun, 26 Oct 0993 00:02:00ົ)`). This parser asks Core
/// Foundation (the same ICU formatter, with the same locale, zone and pattern) and compares the
/// position as a UTF-16 offset. As in `DateFormatter`, the whole text must be parsed.
enum CoreFoundationDateParser {
    /// The date `text` spells in `pattern`, or nil when it does not match all of it.
    static func date(from text: String, pattern: String, locale: Locale, timeZone: TimeZone) -> Date? {
        let cfLocale = CFLocaleCreate(kCFAllocatorSystemDefault, cfString(locale.identifier))
        guard let noStyle = CFDateFormatterStyle(rawValue: 0),
            let formatter = CFDateFormatterCreate(kCFAllocatorSystemDefault, cfLocale, noStyle, noStyle)
        else { return nil }
        let zone =
            CFTimeZoneCreateWithName(kCFAllocatorSystemDefault, cfString(timeZone.identifier), true)
            ?? CFTimeZoneCreateWithTimeIntervalFromGMT(
                kCFAllocatorSystemDefault, CFTimeInterval(timeZone.secondsFromGMT()))
        CFDateFormatterSetProperty(formatter, kCFDateFormatterTimeZone, zone)
        CFDateFormatterSetFormat(formatter, cfString(pattern))
        let length = text.utf16.count
        var range = CFRange(location: 0, length: length)
        var time: CFAbsoluteTime = 0
        guard CFDateFormatterGetAbsoluteTimeFromString(formatter, cfString(text), &range, &time),
            range.length == length
        else { return nil }
        return Date(timeIntervalSinceReferenceDate: time)
    }

    private static func cfString(_ text: String) -> CFString {
        let units = Array(text.utf16)
        return CFStringCreateWithCharacters(kCFAllocatorSystemDefault, units, units.count)
    }
}
