import OrderedCollections

extension ManifestLoadSession {
    /// The rules this load classifies plain declarations by (``PlainDeclarationRules``): values are
    /// taken as the constant shortcut would take them only when an evaluation of them would take
    /// it too, that is when constants are answered, nothing of the load is traced and expressions
    /// may nest at all (``Environment/constantResult(of:in:within:)``).
    var plainDeclarationRules: PlainDeclarationRules {
        PlainDeclarationRules(
            maximumVariableDepth: maximumVariableDepth,
            takesValues: answersConstants && evaluation.captures.isEmpty && environment.maximumNestingDepth >= 1)
    }

    /// `element` as a plain declaration (``PlainDeclaration``) when it is a top-level `<Var>` of a
    /// plain shape; `varName` is the number of `Var` among its document's names (nil: none is
    /// plain). Any thread may ask.
    ///
    /// A `value` whose tokens happen to be cached is taken as well: without markers it is one
    /// piece of text, which evaluating its tokens gives too.
    static func plainDeclaration(
        _ element: XMLElementNode, varName: UInt32?, rules: PlainDeclarationRules
    ) -> PlainDeclaration? {
        guard let varName, element.nameNumber == varName, rules.maximumVariableDepth >= 1 else { return nil }
        let attributes = element.attributes
        switch attributes.keys {
        case plainLiteralAttributes:
            guard let (name, literal) = Self.values(of: attributes, .name, .literal), !name.isEmpty else { return nil }
            return PlainDeclaration(name: name, value: .string(literal), kind: .literal)
        case plainValueAttributes where rules.takesValues:
            guard let (name, text) = Self.values(of: attributes, .name, .value), !name.isEmpty,
                let value = ConstantShortcut.result(for: text, in: .object)?.value
            else { return nil }
            return PlainDeclaration(name: name, value: value, kind: .value)
        case plainContainerAttributes:
            guard let (name, type) = Self.values(of: attributes, .name, .type), !name.isEmpty,
                type == "list" || type == "map",
                let value = plainContainerValue(of: element, isMap: type == "map", rules: rules)
            else { return nil }
            return PlainDeclaration(name: name, value: value, kind: type == "map" ? .map : .list)
        default:
            return nil
        }
    }

    /// The attributes of each plain shape (``PlainDeclaration``).
    static let plainValueAttributes = XMLAttributeKeys([.name, .value])
    static let plainContainerAttributes = XMLAttributeKeys([.name, .type])
    private static let plainListElementAttributes = XMLAttributeKeys([.literal])
    private static let plainMapElementAttributes = XMLAttributeKeys([.name, .literal])

    /// The values of `first` and `second` of an element whose keys are these two: read in one look
    /// when they are its only attributes; otherwise (a prefixed `x:name` beside `name` has the
    /// same key) the first of each counts, as a look-up by key reads it.
    private static func values(
        of attributes: XMLAttributes, _ first: XMLAttributeKey, _ second: XMLAttributeKey
    ) -> (String, String)? {
        if let pair = attributes.values(ofOnly: first, second) { return pair }
        guard let one = attributes[first], let other = attributes[second] else { return nil }
        return (one, other)
    }

    /// The list or map of a plain container: nil when a child element is not a plain literal of
    /// the container's kind (or children may not nest), so that the general path declares it.
    private static func plainContainerValue(
        of element: XMLElementNode, isMap: Bool, rules: PlainDeclarationRules
    ) -> Value? {
        let children = element.childElements
        if children.isEmpty { return isMap ? .dictionary([:]) : .array([]) }
        guard rules.maximumVariableDepth >= 2 else { return nil }
        if isMap {
            var map = OrderedDictionary<String, Value>(minimumCapacity: children.count)
            for child in children {
                let attributes = child.attributes
                guard attributes.keys == plainMapElementAttributes,
                    let (key, literal) = values(of: attributes, .name, .literal)
                else { return nil }
                map[key] = .string(literal)
            }
            return .dictionary(map)
        }
        var list: [Value] = []
        list.reserveCapacity(children.count)
        for child in children {
            let attributes = child.attributes
            guard attributes.keys == plainListElementAttributes, let literal = attributes[.literal] else { return nil }
            list.append(.string(literal))
        }
        return .array(list)
    }

    /// Declares the run's variables in order, logs each redeclaration and records their
    /// provenance; empties the run.
    func declare(_ run: inout PlainDeclarationRun) {
        guard !run.isEmpty else { return }
        declare(run, in: run.start..<run.names.count)
        run.removeAll()
    }

    /// Declares the variables of `run` in `range` in order, logs each redeclaration and records
    /// their provenance.
    func declare(_ run: PlainDeclarationRun, in range: Range<Int>) {
        guard !range.isEmpty else { return }
        environment.variables.declareValues(run.names[range], values: run.values[range]) { position, old in
            logRedeclaration(of: run.names[position], replacing: old, at: run.elements[position])
        }
        declarations += range.count
        declaredInRuns += range.count
        environment.recordPlainProvenances(
            names: run.names[range], kinds: run.kinds[range], values: run.values[range],
            positions: run.positions[range], file: run.elements[range.lowerBound].document.path)
    }
}
