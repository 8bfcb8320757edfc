import MBMLEngine

// Document symbols and their ranges write their own JSON text: an outline of a large manifest holds
// hundreds of thousands of them, and the generic `Encoder` calls cost more than the text
// (`LanguageServerProtocolTests` checks that both ways write the same).

extension LSPPosition: JSONTextWritable {
    func writeJSON(to writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key(raw: "line")
        writer.integer(line)
        writer.key(raw: "character")
        writer.integer(character)
        writer.endObject()
    }
}

extension LSPRange: JSONTextWritable {
    func writeJSON(to writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key(raw: "start")
        start.writeJSON(to: &writer)
        writer.key(raw: "end")
        end.writeJSON(to: &writer)
        writer.endObject()
    }
}

extension DocumentSymbol: JSONTextWritable {
    func writeJSON(to writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key(raw: "name")
        writer.string(name)
        if let detail {
            writer.key(raw: "detail")
            writer.string(detail)
        }
        writer.key(raw: "kind")
        writer.integer(kind)
        writer.key(raw: "range")
        range.writeJSON(to: &writer)
        writer.key(raw: "selectionRange")
        selectionRange.writeJSON(to: &writer)
        if let children {
            writer.key(raw: "children")
            writer.beginArray()
            for child in children { child.writeJSON(to: &writer) }
            writer.endArray()
        }
        writer.endObject()
    }
}
