import Foundation

/// A synthetic manifest for load benchmarks: `variableCount` top-level `<Var>`s of mixed shapes
/// (literals, values, and small lists and maps whose children count towards the total).
struct GeneratedManifest {
    var variableCount: Int

    var text: String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MBML>\n"
        output.reserveCapacity(variableCount * 48)
        var index = 0
        while index < variableCount {
            switch index % 10 {
            case 8 where index + 3 <= variableCount:
                output += "    <Var name=\"list\(index)\" type=\"list\">\n"
                output += "        <Var literal=\"a\(index)\"/>\n        <Var literal=\"b\(index)\"/>\n    </Var>\n"
                index += 3
            case 9 where index + 3 <= variableCount:
                output += "    <Var name=\"map\(index)\" type=\"map\">\n"
                output +=
                    "        <Var name=\"x\" literal=\"\(index)\"/>\n        <Var name=\"y\" literal=\"y\(index)\"/>\n    </Var>\n"
                index += 3
            case 5:
                output += "    <Var name=\"value\(index)\" value=\"\(index) &amp; more\"/>\n"
                index += 1
            default:
                output += "    <Var name=\"literal\(index)\" literal=\"text \(index)\"/>\n"
                index += 1
            }
        }
        return output + "</MBML>\n"
    }

    func write(to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }
}
