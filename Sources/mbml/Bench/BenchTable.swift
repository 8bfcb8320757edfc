import Foundation

/// The small table `mbml bench` prints.
struct BenchTable {
    private var rows: [[String]] = []
    private var notes: [String] = []
    private static let header = ["measurement", "count", "mean", "median", "p95", "max", "total"]

    /// A row summarising many timings (seconds).
    mutating func addDistribution(_ label: String, _ samples: [Double]) {
        guard !samples.isEmpty else { return }
        let sorted = samples.sorted()
        let total = samples.reduce(0, +)
        let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
        rows.append([
            label, String(samples.count), Self.duration(total / Double(samples.count)),
            Self.duration(sorted[sorted.count / 2]), Self.duration(p95), Self.duration(sorted[sorted.count - 1]),
            Self.duration(total),
        ])
    }

    /// A row for one timing (seconds), with a note after the table.
    mutating func addSingle(_ label: String, _ seconds: Double, note: String? = nil) {
        rows.append([label, "1", "", "", "", "", Self.duration(seconds)])
        if let note = note { notes.append("\(label): \(note)") }
    }

    mutating func addNote(_ note: String) {
        notes.append(note)
    }

    /// The formatted table, then the notes.
    var lines: [String] {
        let all = [Self.header] + rows
        let widths = (0..<Self.header.count).map { column in all.map { $0[column].count }.max() ?? 0 }
        var output = all.map { row in
            row.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }
        output.insert(String(repeating: "-", count: output[0].count), at: 1)
        if !notes.isEmpty { output.append("") }
        return output + notes
    }

    /// `12.3 µs`, `4.56 ms`, `1.23 s`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 1e-3 { return String(format: "%.1f µs", seconds * 1e6) }
        if seconds < 1 { return String(format: "%.2f ms", seconds * 1e3) }
        return String(format: "%.2f s", seconds)
    }
}
