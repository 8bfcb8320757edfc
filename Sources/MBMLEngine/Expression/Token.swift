import Foundation

/// One node of a parsed expression: what it is, its source text, where it came from, and its children
/// (<doc:ExpressionSyntax>). The inspector's token pane and error carets are drawn from this tree.
public struct Token: Sendable, Equatable {
    public var kind: Kind
    /// The source text. For a variable reference it excludes the subreferences (they are children).
    public var text: String
    /// The range relative to the text this token was tokenized from (the whole expression, or the
    /// inside of the enclosing `#( )`, `( )`, `[ ]`, `${ }` or function parentheses), as `^tokenize` prints it.
    public var range: SourceRange
    /// The range in the top-level expression, for carets and highlighting. For tokens re-parsed from a
    /// `${...}` reference it points into the braces.
    public var absoluteRange: SourceRange
    public var children: [Token]
    public var payload: Payload

    public init(
        kind: Kind, text: String, range: SourceRange, absoluteRange: SourceRange,
        children: [Token] = [], payload: Payload = .none
    ) {
        self.kind = kind
        self.text = text
        self.range = range
        self.absoluteRange = absoluteRange
        self.children = children
        self.payload = payload
    }

    /// Token kinds, named after the original's token classes (see ``className``).
    public enum Kind: String, Sendable, CaseIterable {
        case literal, escapeSequence, variableReference, subreference, functionCall, parameterGroup
        case mathExpression, numericLiteral
        case addition, subtraction, multiplication, division, modulo
        case mathGrouping, booleanGrouping
        case equal, notEqual, lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual
        case and, or, not

        /// The original's class name, used in `^tokenize` output (<doc:ExpressionSyntax>).
        public var className: String {
            switch self {
            case .literal: return "MBMLLiteralToken"
            case .escapeSequence: return "MBMLEscapeSequenceToken"
            case .variableReference: return "MBMLVariableReferenceToken"
            case .subreference: return "MBMLObjectSubreferenceToken"
            case .functionCall: return "MBMLFunctionCallToken"
            case .parameterGroup: return "MBMLParameterGroupingToken"
            case .mathExpression: return "MBMLMathExpressionToken"
            case .numericLiteral: return "MBMLNumericLiteralToken"
            case .addition: return "MBMLAdditionOperatorToken"
            case .subtraction: return "MBMLSubtractionOperatorToken"
            case .multiplication: return "MBMLMultiplicationOperatorToken"
            case .division: return "MBMLDivisionOperatorToken"
            case .modulo: return "MBMLModuloOperatorToken"
            case .mathGrouping: return "MBMLMathGroupingToken"
            case .booleanGrouping: return "MBMLBooleanGroupingToken"
            case .equal: return "MBMLEqualityTestToken"
            case .notEqual: return "MBMLInequalityTestToken"
            case .lessThan: return "MBMLLessThanTestToken"
            case .lessThanOrEqual: return "MBMLLessThanEqualsTestToken"
            case .greaterThan: return "MBMLGreaterThanTestToken"
            case .greaterThanOrEqual: return "MBMLGreaterThanEqualsTestToken"
            case .and: return "MBMLBooleanAndOperatorToken"
            case .or: return "MBMLBooleanOrOperatorToken"
            case .not: return "MBMLBooleanNegationToken"
            }
        }

        /// A one-line plain-English explanation, for people learning the syntax.
        public var explanation: String {
            switch self {
            case .literal: return "Literal text: used exactly as written."
            case .escapeSequence: return "Escape sequence: $$, ##, ^^, \\n or \\t stands for one character."
            case .variableReference: return "Variable reference: the value of a variable in the variable space."
            case .subreference: return "Subreference: .name or [key] picks a value out of the one before it."
            case .functionCall: return "Function call: ^name(...) runs a built-in function on its parameters."
            case .parameterGroup: return "Parameter: one |-separated argument of the function call."
            case .mathExpression: return "Math expression: #( ) evaluates its contents with the math grammar."
            case .numericLiteral: return "Number: digits with an optional sign and decimal point."
            case .addition: return "Addition: left + right, in decimal arithmetic."
            case .subtraction: return "Subtraction: left - right (needs spaces: 2-3 is two numbers)."
            case .multiplication: return "Multiplication: left * right; binds tighter than + and -."
            case .division: return "Division: left / right; dividing by zero is an error."
            case .modulo: return "Modulo: remainder of the integer parts, sign of the dividend."
            case .mathGrouping: return "Grouping: ( ) evaluates its contents first."
            case .booleanGrouping: return "Grouping: ( ) evaluates its contents to true or false first."
            case .equal: return "Equality (== or -EQ): compares the two values, numerically if one is a number."
            case .notEqual: return "Inequality (!= or -NE): the negation of equality."
            case .lessThan: return "Less than (< or -LT): strings collate, numbers compare numerically."
            case .lessThanOrEqual: return "Less or equal (<=, =< or -LTE)."
            case .greaterThan: return "Greater than (> or -GT): strings collate, numbers compare numerically."
            case .greaterThanOrEqual: return "Greater or equal (>=, => or -GTE)."
            case .and:
                return "And (&& or -AND): true if both sides are; the right side is skipped if the left is false."
            case .or: return "Or (|| or -OR): true if either side is; same precedence as and, left to right."
            case .not: return "Not (!): negates the truthiness of the next value; binds tightest."
            }
        }
    }

    /// What a token carries beyond its text.
    public enum Payload: Sendable, Equatable {
        case none
        /// A variable reference: the variable's name and how it was written.
        case variable(name: String, form: ReferenceForm)
        /// A function call: the function's name and the input type its parameters were tokenized with.
        case function(name: String, input: FunctionInputType?)
        /// A `.name` subreference.
        case key(String)
        /// An escape sequence: the character it stands for.
        case escape(String)
        /// A numeric literal's value.
        case number(Decimal)
        /// An integer literal with more digits than a decimal holds exactly: its digits.
        case bigInteger(BigInteger)
        /// A literal created from a value: the raw text handed to a `raw` function.
        case rawText(String)
    }

    /// How a variable reference was written (<doc:ExpressionSyntax>).
    public enum ReferenceForm: String, Sendable {
        case simple, curly, bracket, parenthesis
    }
}
