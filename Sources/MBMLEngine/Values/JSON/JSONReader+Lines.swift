extension JSONReader {
    /// Reads JSON Lines (also called NDJSON): one JSON value a line, blank lines skipped, into an
    /// array of the records in file order. A problem is reported at its line and column in the
    /// whole text, so that `file:line:column` points at the bad record.
    mutating func readLines() throws -> Value {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        var records: [Value] = []
        while true {
            skipWhitespace()
            guard position < bytes.count else { break }
            let start = position
            do {
                let record = try readValue()
                if keepsTopLevelMembers { records.append(record) }
            } catch let problem as JSONDecodingError {
                // A record left open at the end of its line is reported there, not where the
                // next line made it fail.
                throw lineEnd(after: start, before: problem.offset).map(incompleteRecord) ?? problem
            }
            if let end = lineEnd(after: start, before: position) { throw incompleteRecord(at: end) }
            skipBlanksOnLine()
            if position < bytes.count, bytes[position] != 0x0A {
                throw error(
                    "Unexpected \(describeCurrent()) after the record (JSON Lines takes one value a line)")
            }
        }
        return .array(records)
    }

    /// The offset of the first line feed in `start..<end`, if any.
    private func lineEnd(after start: Int, before end: Int) -> Int? {
        var index = start
        while index < min(end, bytes.count) {
            if bytes[index] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    private func incompleteRecord(at offset: Int) -> JSONDecodingError {
        error("The record does not end on its line (JSON Lines takes one value a line)", at: offset)
    }

    /// Skips spaces, tabs and carriage returns, stopping at a line feed.
    private mutating func skipBlanksOnLine() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0D {
            position += 1
        }
    }
}
