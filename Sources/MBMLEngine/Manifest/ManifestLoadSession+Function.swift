import Foundation

extension ManifestLoadSession {
    private static let functionAttributes = [
        "name", "class", "method", "input", "output", "deprecated", "deprecatedInFavorOf", "deprecationMessage", "if",
    ]

    /// Declares the function of a `<Function>` element if its `if` holds (<doc:Manifests>).
    ///
    /// Port rule: there are no native classes to load, so `class` must be present and `method` (if
    /// given, a trailing `:` of an Objective-C selector dropped) or else `name` must be a function
    /// the environment already knows; the function is then (re)declared under `name` with the given
    /// input and output types.
    func declareFunction(_ element: XMLElementNode) {
        let attributes = element.attributes
        if let condition = attributes[.if], !self.condition(condition, default: true, at: element) {
            return
        }
        for attribute in attributes.names(notIn: Self.functionAttributes) {
            report(
                "MBMLFunction does not support the attribute \"\(attribute)\" found in: \(element.summary)",
                at: element, severity: .warning)
        }
        guard let name = attributes[.name], !name.isEmpty else {
            report(
                "MBMLFunction requires the attribute \"name\" but it was not found in: \(element.summary)", at: element)
            return
        }
        guard MBMLIdentifier.isIdentifier(name) else {
            report(
                "Function names must be identifiers, so \"\(name)\" is not a valid function name in: \(element.summary)",
                at: element)
            return
        }
        let method = attributes["method"].map { $0.hasSuffix(":") ? String($0.dropLast()) : $0 }
        let candidates = [method, name].compactMap { $0 }.filter { !$0.isEmpty }
        guard let className = attributes["class"], !className.isEmpty,
            let base = candidates.lazy.compactMap({ self.environment.functions.definition(named: $0) }).first
        else {
            report("Couldn't find implementing class for MBMLFunction specified in: \(element.summary)", at: element)
            return
        }
        var definition = base
        definition.name = name
        definition.input = inputType(attributes["input"], of: element, name: name)
        if base.name != name, base.signature.hasPrefix("^\(base.name)(") {
            definition.signature = "^" + name + base.signature.dropFirst(base.name.count + 1)
        }
        definition.discardsResult = producesNoOutput(attributes["output"], of: element, name: name)
        if let old = environment.functions.definition(named: name) {
            environment.log.write(
                "Function ^\(name)() redeclared from input \(old.input.rawValue) to input \(definition.input.rawValue)")
        }
        environment.declare(definition)
    }

    /// `input`: missing or empty → object; unknown → reported and object (<doc:Manifests>).
    private func inputType(_ text: String?, of element: XMLElementNode, name: String) -> FunctionInputType {
        guard let text = text, !text.isEmpty else { return .object }
        if let type = FunctionInputType(rawValue: text) { return type }
        if let type = FunctionInputType.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) {
            return type
        }
        report(
            "Unrecognized value for 'input' attribute of tranformer named \(name): \(text)", at: element,
            severity: .warning)
        return .object
    }

    /// `output`: `object` (default) or `none`; unknown → reported and object.
    private func producesNoOutput(_ text: String?, of element: XMLElementNode, name: String) -> Bool {
        guard let text = text, !text.isEmpty else { return false }
        switch text.lowercased() {
        case "none": return true
        case "object": return false
        default:
            report(
                "Unrecognized value for 'output' attribute of function named \(name): \(text)", at: element,
                severity: .warning)
            return false
        }
    }
}
