import MBMLEngine
import MBMLTestSupport
import XCTest

extension ExpressionTestCase {
    /// ``assertError(_:_:message:containing:range:kind:file:line:)`` with the expected range marked in
    /// the expression: `1️⃣` where it starts, `2️⃣` where it ends (see ``MarkedText``).
    @discardableResult
    func assertError(
        marked: String, _ context: ExpressionContext, message: String? = nil,
        containing fragment: String? = nil, kind: ExpressionError.Kind? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> ExpressionError? {
        let input = MarkedText(marked)
        return assertError(
            input.text, context, message: message, containing: fragment, range: input.range(), kind: kind,
            file: file, line: line)
    }
}
