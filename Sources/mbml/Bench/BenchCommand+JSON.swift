import Foundation
import MBMLEngine

extension BenchCommand {
    /// Times the JSON writer on a 2 MB string in which every fourth character needs an escape (the
    /// writer was once quadratic in escaped characters).
    func measureJSONWriter(into table: inout BenchTable) {
        let text = String(repeating: "ab\"c\nd\\e\u{01}", count: 250_000)
        let start = DispatchTime.now().uptimeNanoseconds
        let encoded = JSONCodec.encode(.string(text))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        table.addSingle(
            "JSON-encode 2 MB escaped string", seconds,
            note: "\(text.utf8.count) bytes in, \(encoded.utf8.count) bytes out")
    }
}
