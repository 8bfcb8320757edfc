/// An LSP position: a 0-based line and a 0-based offset in UTF-16 code units.
struct LSPPosition: Equatable {
    var line: Int
    var character: Int

    var json: JSONValue {
        .object(["line": .int(line), "character": .int(character)])
    }

    /// Reads `{line, character}`.
    init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue,
            line >= 0, character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// An LSP range between two positions.
struct LSPRange: Equatable {
    var start: LSPPosition
    var end: LSPPosition

    init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    /// Reads `{start, end}`.
    init?(_ json: JSONValue?) {
        guard let start = LSPPosition(json?["start"]), let end = LSPPosition(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    var json: JSONValue {
        .object(["start": start.json, "end": end.json])
    }
}
