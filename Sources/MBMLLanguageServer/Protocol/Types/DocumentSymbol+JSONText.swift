import MBMLEngine

// Document symbols and their ranges write their own JSON text: an outline of a large manifest holds
// hundreds of thousands of them, and the generic `Encoder` calls cost more than the text
// (`LanguageServerProtocolTests` checks that both ways write the same).

extension LSPPosition: JSONTextWritable {
    func writeJSON(to writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key("line")
        writer.integer(line)
        writer.key("character")
        writer.integer(character)
        writer.endObject()
    }
}

extension LSPRange: JSONTextWritable {
    func writeJSON(to writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key("start")
        start.writeJSON(to: &writer)
        writer.key("end")
        end.writeJSON(to: &writer)
        writer.endObject()
    }
}

extension DocumentSymbol: JSONTextWritable {
    func writeJSON(to writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key("name")
        writer.string(name)
        if let detail {
            writer.key("detail")
            writer.string(detail)
        }
        writer.key("kind")
        writer.integer(kind)
        writer.key("range")
        range.writeJSON(to: &writer)
        writer.key("selectionRange")
        selectionRange.writeJSON(to: &writer)
        if let children {
            writer.key("children")
            writer.beginArray()
            for child in children { child.writeJSON(to: &writer) }
            writer.endArray()
        }
        writer.endObject()
    }
}
