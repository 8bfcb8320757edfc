import Foundation
import OrderedCollections

/// What one `<Var>` element declares (<doc:Manifests>).
enum VariableDefinition {
    /// A value computed now and stored; nil keeps an earlier value of a redeclared variable.
    case concrete(Value?, readOnly: Bool)
    /// An expression evaluated on every read.
    case dynamic(expression: String, context: ExpressionContext)
}

/// Why a `<Var>` (or an element of a list or map) was not declared.
struct VariableRejection: Error {
    var message: String
    var element: XMLElementNode
    /// True when the enclosing list or map must fail as a whole (a dynamic element, too much nesting).
    var failsContainer = false
}

extension ManifestLoadSession {
    private static let concreteAttributes = XMLAttributeKeys([
        .name, .type, .literal, .value, .boolean, .mutable, .userDefaultsName, .if,
    ])
    private static let containerAttributes = XMLAttributeKeys([.name, .type, .mutable, .userDefaultsName, .if])
    private static let dynamicAttributes = XMLAttributeKeys([.name, .type, .expression, .value, .boolean, .if])
    /// The most common declaration, `<Var name="…" literal="…"/>`, has these attributes and no other.
    static let plainLiteralAttributes = XMLAttributeKeys([.name, .literal])

    /// Declares the variable of a top-level `<Var>` if its `if` holds (default true, <doc:Manifests>).
    func declareVariable(_ element: XMLElementNode) {
        let attributes = element.attributes
        if attributes.keys == Self.plainLiteralAttributes, maximumVariableDepth >= 1,
            let name = attributes[.name], !name.isEmpty, let literal = attributes[.literal]
        {
            return declarePlainLiteral(name, literal, at: element)
        }
        if let condition = attributes[.if], !self.condition(condition, default: true, at: element) {
            return
        }
        do {
            guard let name = attributes[.name], !name.isEmpty else {
                let className =
                    attributes[.type] == "dynamic"
                    ? "MBDynamicVariableDeclaration" : "MBConcreteVariableDeclaration"
                throw VariableRejection(
                    message: "\(className) requires the attribute \"name\" but it was not found in: \(element.summary)",
                    element: element)
            }
            let definition = try variableDefinition(of: element, attributes: attributes, depth: 1, isContained: false)
            let replaced: VariableDeclaration?
            switch definition {
            case .concrete(let value, let readOnly):
                replaced = environment.variables.declareReplacing(name, value: value, readOnly: readOnly)
            case .dynamic(let expression, let context):
                replaced = environment.variables.declareDynamicReplacing(name, expression: expression, context: context)
            }
            declarations += 1
            if let old = replaced { logRedeclaration(of: name, replacing: old, at: element) }
            recordProvenance(of: name, definition: definition, attributes: attributes, element: element)
        } catch let rejection as VariableRejection {
            report(rejection.message, at: rejection.element)
        } catch {
            report(
                "The following <Var> declaration did not validate and will be ignored: \(element.summary): \(error)",
                at: element)
        }
    }

    /// `<Var name="…" literal="…"/>` and nothing else: what the general path would do (a read-write
    /// string, no attribute to warn about, nothing to evaluate), without its look-ups.
    private func declarePlainLiteral(_ name: String, _ literal: String, at element: XMLElementNode) {
        let replaced = environment.variables.declareReplacing(name, value: .string(literal), readOnly: false)
        declarations += 1
        if let old = replaced { logRedeclaration(of: name, replacing: old, at: element) }
        let position = element.position
        environment.recordProvenance(
            VariableProvenance(
                kind: .literal, isReadOnly: false, expression: nil, file: element.document.path,
                line: position.line, column: position.column), of: name)
    }

    /// The definition of `element`, a `<Var>` at nesting `depth` (1 for top level); `isContained`
    /// when it is an element of a list or map.
    private func variableDefinition(
        of element: XMLElementNode, attributes: XMLAttributes, depth: Int,
        isContained: Bool
    ) throws -> VariableDefinition {
        guard depth <= maximumVariableDepth else {
            throw VariableRejection(
                message:
                    "<Var> declarations are nested more than \(maximumVariableDepth) levels deep; this declaration will be ignored: \(element.summary)",
                element: element, failsContainer: true)
        }
        switch attributes[.type] {
        case nil:
            checkAttributes(
                attributes, of: element, allowed: Self.concreteAttributes, className: "MBConcreteVariableDeclaration")
            return .concrete(try simpleValue(of: element, attributes: attributes), readOnly: isReadOnly(attributes))
        case let type? where type == "list" || type == "map":
            checkAttributes(
                attributes, of: element, allowed: Self.containerAttributes, className: "MBConcreteVariableDeclaration")
            return .concrete(
                try containerValue(of: element, isMap: type == "map", depth: depth),
                readOnly: isReadOnly(attributes))
        case let type? where isContained && (type == "dynamic" || type == "singleton"):
            throw VariableRejection(
                message:
                    "Variable containers can only contain concrete (non-dynamic) values; this declaration will be ignored: \(element.summary)",
                element: element, failsContainer: true)
        case "dynamic"?:
            checkAttributes(
                attributes, of: element, allowed: Self.dynamicAttributes, className: "MBDynamicVariableDeclaration")
            return try dynamicDefinition(of: element, attributes: attributes)
        case "singleton"?:
            throw VariableRejection(
                message:
                    "Singleton variables (type=\"singleton\") are not supported on Linux; this declaration will be ignored: \(element.summary)",
                element: element)
        case let type?:
            throw VariableRejection(
                message: "Unknown variable type (\"\(type)\") specified in: \(element.summary)",
                element: element)
        }
    }

    /// `literal`, `value`, `boolean` or the text content (<doc:Manifests>).
    private func simpleValue(of element: XMLElementNode, attributes: XMLAttributes) throws -> Value? {
        let literal = attributes[.literal]
        let value = attributes[.value]
        let boolean = attributes[.boolean]
        // Counted without building an array: this runs for every declaration.
        guard (literal == nil ? 0 : 1) + (value == nil ? 0 : 1) + (boolean == nil ? 0 : 1) <= 1 else {
            throw VariableRejection(
                message:
                    "Variable declarations may contain only one of these attributes: \"value\", \"boolean\", \"literal\"; this declaration will be ignored: \(element.summary)",
                element: element)
        }
        if let literal = literal { return .string(literal) }
        if let boolean = boolean {
            return .boolean(try evaluate(boolean, in: .boolean, for: element).isTruthy)
        }
        if let value = value { return try evaluate(value, in: .object, for: element) ?? .string(value) }
        // Markup inside the text is read as the original did: all nested text, no warning.
        guard let text = element.nestedText else { return nil }
        return try evaluate(text, in: .object, for: element) ?? .string(text)
    }

    /// A `type="list"` or `type="map"` value: every child element is a nested declaration (<doc:Manifests>).
    private func containerValue(of element: XMLElementNode, isMap: Bool, depth: Int) throws -> Value {
        let children = element.childElements
        var list: [Value] = []
        var map: OrderedDictionary<String, Value> = [:]
        if isMap { map.reserveCapacity(children.count) } else { list.reserveCapacity(children.count) }
        for child in children {
            do {
                let attributes = child.attributes
                let key = attributes[.name]
                if isMap, key == nil {
                    throw VariableRejection(
                        message: "<Var> requires a \"name\" attribute in: \(child.summary)", element: child)
                }
                if !isMap, key != nil {
                    throw VariableRejection(
                        message:
                            "<Var> can't take a \"name\" attribute because it is contained in a list; Ignoring: \(child.summary)",
                        element: child)
                }
                let definition = try variableDefinition(
                    of: child, attributes: attributes, depth: depth + 1, isContained: true)
                guard case .concrete(let value?, _) = definition else { continue }
                if let key = key, isMap {
                    map[key] = value
                } else {
                    list.append(value)
                }
            } catch let rejection as VariableRejection where !rejection.failsContainer {
                report(rejection.message, at: rejection.element)
            }
        }
        return isMap ? .dictionary(map) : .array(list)
    }

    /// `type="dynamic"`: `expression` (normative), `value` (synonym) or `boolean` (boolean context).
    private func dynamicDefinition(of element: XMLElementNode, attributes: XMLAttributes) throws -> VariableDefinition {
        let candidates: [(String, ExpressionContext)] = [
            ("expression", .object), ("value", .object), ("boolean", .boolean),
        ].compactMap { name, context in attributes[name].map { ($0, context) } }
        guard candidates.count <= 1 else {
            throw VariableRejection(
                message:
                    "Dynamic variable declarations may contain only one of these attributes: \"expression\", \"value\", \"boolean\"; this declaration will be ignored: \(element.summary)",
                element: element)
        }
        guard let (expression, context) = candidates.first else {
            throw VariableRejection(
                message:
                    "MBDynamicVariableDeclaration requires the attribute \"expression\" but it was not found in: \(element.summary)",
                element: element)
        }
        do {
            _ = try environment.parse(expression, in: context)
        } catch {
            report(
                "The expression of this dynamic variable will fail on every read: \(Environment.logText(for: error)) in: \(element.summary)",
                at: element, severity: .warning)
        }
        return .dynamic(expression: expression, context: context)
    }

    /// Evaluates a declaration's expression; an error rejects the declaration.
    private func evaluate(_ expression: String, in context: ExpressionContext, for element: XMLElementNode) throws
        -> Value?
    {
        if answersConstants, let constant = environment.constantResult(of: expression, in: context, within: evaluation)
        {
            constantsAnswered += 1
            return constant.value
        }
        do {
            return try environment.evaluate(expression, in: context, within: evaluation)
        } catch {
            throw VariableRejection(
                message:
                    "The following <Var> declaration did not validate and will be ignored: \(element.summary): \(Environment.logText(for: error))",
                element: element)
        }
    }

    /// `mutable` is read with truthiness (<doc:ContextsAndCoercions>): only `F`, `f`, `0` and `""` make a variable read-only.
    private func isReadOnly(_ attributes: XMLAttributes) -> Bool {
        guard let mutable = attributes[.mutable] else { return false }
        return !Value.string(mutable).isTruthy
    }

    private func checkAttributes(
        _ attributes: XMLAttributes, of element: XMLElementNode, allowed: XMLAttributeKeys,
        className: String
    ) {
        if attributes.keys.isSubset(of: allowed), !attributes.keys.contains(.other),
            !attributes.keys.contains(.userDefaultsName)
        {
            return
        }
        for name in attributes.names(notIn: allowed) {
            report(
                "\(className) does not support the attribute \"\(name)\" found in: \(element.summary)", at: element,
                severity: .warning)
        }
        if attributes[.userDefaultsName] != nil, !hasReportedUserDefaults {
            hasReportedUserDefaults = true
            report(
                "The \"userDefaultsName\" attribute is ignored: this port has no persistent store; found in: \(element.summary)",
                at: element, severity: .warning)
        }
    }

    /// Records how and where `name` was declared.
    private func recordProvenance(
        of name: String, definition: VariableDefinition, attributes: XMLAttributes,
        element: XMLElementNode
    ) {
        let kind: VariableProvenance.Kind
        var expression: String?
        var readOnly = false
        switch definition {
        case .dynamic(let text, _):
            kind = .dynamic
            expression = text
        case .concrete(_, let isReadOnly):
            readOnly = isReadOnly
            switch attributes[.type] {
            case "list"?: kind = .list
            case "map"?: kind = .map
            default:
                if attributes.contains(.literal) {
                    kind = .literal
                } else if let boolean = attributes[.boolean] {
                    (kind, expression) = (.boolean, boolean)
                } else if let value = attributes[.value] {
                    (kind, expression) = (.value, value)
                } else {
                    (kind, expression) = (.text, element.nestedText)
                }
            }
        }
        let position = element.position
        environment.recordProvenance(
            VariableProvenance(
                kind: kind, isReadOnly: readOnly, expression: expression,
                file: element.document.path, line: position.line,
                column: position.column), of: name)
    }

    /// Logs `FILE:LINE:COLUMN: Variable "<name>" redeclared from:<old>to:<new>` (<doc:Variables>), at
    /// the redeclaring element; not a diagnostic. The old
    /// declaration is described by its kind (where it came from is not tracked: remembering a site
    /// for each of possibly hundreds of thousands of variables would slow every load down).
    func logRedeclaration(of name: String, replacing old: VariableDeclaration, at element: XMLElementNode) {
        let oldText: String
        switch old {
        case .concrete(let readOnly): oldText = readOnly ? "a read-only concrete variable" : "a concrete variable"
        case .dynamic(let expression, _): oldText = "a dynamic variable with expression \"\(expression)\""
        case .singleton: oldText = "a singleton"
        }
        let position = element.position
        environment.log.write(
            "\(element.document.path):\(position.line):\(position.column): Variable \"\(name)\" redeclared from: \(oldText) to: \(element.summary)"
        )
    }
}
