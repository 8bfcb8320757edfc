import Foundation
import MBMLEngine

/// The `--format junit` report of `mbml check`: JUnit XML as CI systems read it. One `<testsuite>`
/// a file, one `<testcase>` an expectation (a watch passes and carries its value in
/// `<system-out>`), and one `<testcase>` with an `<error>` for each malformed line or unreadable file.
/// With `--compare`, a suite `compare` holds one failing test case per difference.
struct CheckJUnitReport {
    let run: CheckRun

    var text: String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let total = run.results.count + run.problems.count + run.differences.count
        let seconds = run.files.reduce(0) { $0 + $1.duration }
        xml +=
            "<testsuites name=\"mbml check\" tests=\"\(total)\" failures=\"\(run.failedCount + run.differences.count)\""
            + " errors=\"\(run.problems.count)\" time=\"\(Self.time(seconds))\">\n"
        for file in run.files {
            let failures = file.results.filter { $0.status == .failed }.count
            xml +=
                "  <testsuite name=\"\(Self.escaped(file.path))\" tests=\"\(file.results.count + file.problems.count)\""
                + " failures=\"\(failures)\" errors=\"\(file.problems.count)\" skipped=\"0\""
                + " time=\"\(Self.time(file.duration))\">\n"
            for problem in file.problems {
                xml +=
                    "    <testcase classname=\"\(Self.escaped(file.path))\" name=\"\(Self.escaped(problem.location.description))\">\n"
                xml +=
                    "      <error message=\"\(Self.escaped(problem.message))\" type=\"malformed\">"
                    + Self.escaped(problem.description) + "</error>\n    </testcase>\n"
            }
            for result in file.results { xml += Self.testCase(result, suite: file.path) }
            xml += "  </testsuite>\n"
        }
        if run.compared {
            xml +=
                "  <testsuite name=\"compare\" tests=\"\(run.differences.count)\" failures=\"\(run.differences.count)\""
                + " errors=\"0\" skipped=\"0\">\n"
            for difference in run.differences {
                let detail =
                    (["first:  " + difference.first.displayText, "second: " + difference.second.displayText]
                    + difference.diff).joined(separator: "\n")
                xml += "    <testcase classname=\"compare\" name=\"\(Self.escaped(difference.expectation.id))\">\n"
                xml +=
                    "      <failure message=\"values differ between the two environments\" type=\"differ\">"
                    + Self.escaped(detail) + "</failure>\n    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    private static func testCase(_ result: ExpectationResult, suite: String) -> String {
        let expectation = result.expectation
        var attributes = "classname=\"\(escaped(suite))\" name=\"\(escaped(expectation.id))\""
        if let location = expectation.location { attributes += " line=\"\(location.line)\"" }
        attributes += " time=\"\(time(result.duration))\""
        switch result.status {
        case .passed:
            return "    <testcase \(attributes)/>\n"
        case .watched:
            return "    <testcase \(attributes)>\n      <system-out>" + escaped(CheckTextReport.cut(result.actual))
                + "</system-out>\n    </testcase>\n"
        case .failed:
            let detail =
                ([
                    "expression (\(expectation.context.rawValue)): " + expectation.expression,
                    "expected: " + CheckTextReport.expectedText(expectation),
                    "actual:   " + CheckTextReport.cut(result.actual),
                ] + result.diff).joined(separator: "\n")
            return "    <testcase \(attributes)>\n      <failure message=\"\(escaped(result.reason ?? "failed"))\""
                + " type=\"mismatch\">" + escaped(detail) + "</failure>\n    </testcase>\n"
        }
    }

    private static func time(_ seconds: Double) -> String {
        String(format: "%.6f", seconds)
    }

    /// `text` escaped for XML text and attribute values; characters XML 1.0 cannot carry at all
    /// (most control characters, U+FFFE, U+FFFF) become U+FFFD.
    static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\n": output += "&#10;"
            case "\t": output += "&#9;"
            case "\r": output += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    output += "\u{FFFD}"
                } else if TerminalSafeText.isUnsafe(scalar) {
                    // Legal in XML, but a terminal would act on it: a character reference instead.
                    output += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
