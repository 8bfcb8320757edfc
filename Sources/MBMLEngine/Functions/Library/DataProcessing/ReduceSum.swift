import Foundation

/// The one rule under which `^reduce` folds its array in parallel (<doc:LargeData>, "Per-item
/// scopes in parallel"): when the fold is a running sum of whole numbers, which gives the same total
/// added in any grouping.
///
/// The combine expression qualifies when it is exactly `#($currentValue + TERM)` or
/// `#(TERM + $currentValue)`, `$currentValue` read nowhere else in its text, and TERM pure with
/// `$item` bound (``ItemPurity``). The fold is then run as a sum: each worker adds up TERM for the items of its
/// chunks, and the result is the initial value plus the total, as the serial fold would have built
/// it. That is the serial answer only while every step of the serial fold would have taken the
/// whole-number path of ``Arithmetic`` (``DecimalArithmetic/wholeNumber(_:)``), so the sum is used only
/// when:
/// - the initial value reads as such a whole number (the text `0` does), and
/// - every item's TERM is one (a text, a fraction, nothing or an error is not), and
/// - the magnitudes of the initial value and of every TERM add up to less than
///   ``DecimalArithmetic/wholeNumberLimit``, so that no partial sum in any order leaves that path.
///
/// Anything else — found before the first item, or at an item, which ends the attempt there — and
/// the fold runs serially from the start, as it always did: the attempt wrote nothing to the log
/// (TERM's errors are caught, not logged; a chunk whose items wrote log lines is not a sum, and its
/// lines are dropped) and what it charged to the memory budget is what TERM built. A stop (budget, deadline, cancellation) is the job's either way.
struct ReduceSum {
    /// TERM, evaluated per item as the addition reads its operand.
    let term: RepeatedEvaluation
    /// The whole combine expression, parsed again by each worker for a term of its own.
    private let combine: RepeatedEvaluation

    /// The sum in `combine`, or nil when the fold is not such a sum.
    init?(combine: RepeatedEvaluation) {
        guard let tokens = combine.tokens, tokens.count == 1, let math = tokens.first, math.kind == .mathExpression,
            math.children.count == 1, let addition = math.children.first, addition.kind == .addition,
            addition.children.count == 2,
            combine.expression.components(separatedBy: "currentValue").count == 2
        else { return nil }
        let isCurrentValue = addition.children.map(Self.isCurrentValue)
        guard isCurrentValue[0] != isCurrentValue[1] else { return nil }
        let term = addition.children[isCurrentValue[0] ? 1 : 0]
        self.term = RepeatedEvaluation(expression: combine.expression, context: .object, plan: .tokens([term]))
        self.combine = combine
    }

    private static func isCurrentValue(_ token: Token) -> Bool {
        guard token.kind == .variableReference, token.children.isEmpty,
            case .variable(let name, _) = token.payload
        else { return false }
        return name == "currentValue"
    }

    /// What one chunk found: the sum of its TERMs and of their magnitudes, or that the fold is not a
    /// whole-number sum there.
    enum Part {
        /// `fromText`: how many of the TERMs were read from a document's text.
        case sum(total: Int, magnitude: Int, fromText: Int)
        case notASum

        var isNotASum: Bool {
            if case .notASum = self { return true }
            return false
        }
    }

    /// The fold's result when it is a whole-number sum over `elements` starting at `initial`, or
    /// nil when it must run serially.
    func result(
        over elements: ValueArray, initial: Value?, in call: FunctionCall
    ) throws -> Value? {
        guard let start = DecimalArithmetic.wholeNumber(Self.number(initial)) else { return nil }
        let parts = try call.overItems(
            count: elements.count, evaluating: [term], binding: ["item"],
            stopsAfter: \.isNotASum
        ) { call, range -> Part in
            // The term of the worker's own parse (a part of a tree is not parsed again by itself).
            let term = ReduceSum(combine: combine.unshared(for: call))?.term ?? term
            let limit = DecimalArithmetic.wholeNumberLimit
            let textPath = Self.textPath(of: term, in: call)
            let entries = CollectionSupport.Entries(kind: .elements(elements))
            let part = try entries.withItemText { entries, text -> Part in
                try ItemTextPath.withOptionalReader(text == nil ? nil : textPath) { reader -> Part in
                    var total = 0
                    var magnitude = 0
                    var fromText = 0
                    for position in range {
                        try call.checkCancellation()
                        let whole: Int?
                        if let reader, let text, let read = Self.wholeNumber(reader, text, at: position) {
                            fromText += 1
                            whole = read
                        } else {
                            let value: Value?
                            do {
                                value = try call.evaluation.withItemBindings([("item", entries(position).item)]) {
                                    try call.environment.evaluate(term, within: call.evaluation)
                                }
                            } catch {
                                try call.checkCancellation()
                                return .notASum
                            }
                            whole = DecimalArithmetic.wholeNumber(value)
                        }
                        guard let whole else { return .notASum }
                        total += whole
                        magnitude += Int(whole.magnitude)
                        if magnitude >= limit { return .notASum }
                    }
                    return .sum(total: total, magnitude: magnitude, fromText: fromText)
                }
            }
            // A log line (a nested function's swallowed error) is written by the serial fold.
            guard case .sum = part, call.evaluation.logBuffer?.isEmpty ?? true else {
                call.evaluation.logBuffer = []
                return .notASum
            }
            return part
        }
        var total = start
        var magnitude = Int(start.magnitude)
        var fromText = 0
        for part in parts {
            guard case .sum(let sum, let size, let read) = part else { return nil }
            total += sum
            magnitude += size
            fromText += read
            if magnitude >= DecimalArithmetic.wholeNumberLimit { return nil }
        }
        call.evaluation.textPathItems.add(fromText)
        return .decimal(Decimal(total))
    }

    /// The text path of `term` when it is `$item.key…` as the fast path would evaluate it
    /// (``ItemTextPath``: only `$item`, which is all `^reduce` binds to the element); else nil.
    private static func textPath(of term: RepeatedEvaluation, in call: FunctionCall) -> ItemTextPath? {
        guard call.steps == nil, let fastPath = call.environment.fastPath(of: term, in: call.evaluation),
            case .value(let path) = fastPath.use
        else { return nil }
        return ItemTextPath(path, from: ["item"])
    }

    /// TERM of the element at `position` read from its text, when the text path reads a whole number
    /// written plainly (``JSONBytes/plainInteger(_:at:end:)``: what the fast path would decode to an
    /// ``Value/integer(_:)``) below ``DecimalArithmetic/wholeNumberLimit``; nil when the element
    /// must be evaluated (anything else read there is evaluated the general way, which gives the
    /// same value and decides).
    private static func wholeNumber(_ reader: ItemTextPath.Reader, _ text: ValueArray.ElementText, at position: Int)
        -> Int?
    {
        guard case .value(let offset) = reader.find(in: text.bytes, itemAt: text.offset(ofElementAt: position)),
            let base = text.bytes.baseAddress,
            let number = JSONBytes.plainInteger(base, at: offset, end: text.bytes.count)
        else { return nil }
        return DecimalArithmetic.wholeNumber(.integer(number))
    }

    /// The initial value as the addition reads its left operand the first time: a text that is a
    /// number is that number.
    private static func number(_ value: Value?) -> Value? {
        guard let value else { return nil }
        if case .string = value { return value.decimalValue.map(Value.decimal) }
        return value
    }
}
