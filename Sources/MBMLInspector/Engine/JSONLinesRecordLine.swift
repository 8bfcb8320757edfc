import Foundation

/// The line of a JSON Lines file on which a record is (`E` on a record of a `.jsonl` data file):
/// records are the lines with anything but blanks on them, in order.
enum JSONLinesRecordLine {
    /// The 1-based line of record `index` (0-based) of the file at `path`, or nil when the file
    /// cannot be read or has fewer records. Reads the file in pieces until the record is found.
    static func line(ofRecord index: Int, inFile path: String) -> Int? {
        guard index >= 0, let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var line = 1
        var records = 0
        var lineHasText = false
        while true {
            let chunk = handle.readData(ofLength: 1 << 20)
            if chunk.isEmpty { break }
            for byte in chunk {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    lineHasText = false
                } else if !lineHasText, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"),
                    byte != UInt8(ascii: "\r")
                {
                    if records == index { return line }
                    records += 1
                    lineHasText = true
                }
            }
        }
        return nil
    }
}
