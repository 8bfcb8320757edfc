import ArgumentParser
import MBMLEngine

/// The `--context` option: one evaluation context, or `all` four.
enum ContextChoice: String, CaseIterable, ExpressibleByArgument {
    case object, string, number, boolean, all

    /// The contexts this choice evaluates in, in display order.
    var contexts: [ExpressionContext] {
        switch self {
        case .object: return [.object]
        case .string: return [.string]
        case .number: return [.number]
        case .boolean: return [.boolean]
        case .all: return ExpressionContext.allCases
        }
    }
}

extension ExpressionContext: ExpressibleByArgument {}
