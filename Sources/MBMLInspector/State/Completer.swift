import MBMLEngine

/// Works out what Tab completes at the cursor: `^function` names, `$variable` names (also
/// `$[name]`), and subreferences (`.key`, `[key]`, `[index]`, properties) after a reference whose
/// value the snapshot knows. Pure: reads only the text, the snapshot and the function list.
enum Completer {
    /// Properties offered after a string value (the ExpressionSyntax article of MBMLEngine).
    static let stringProperties = [
        "length", "uppercaseString", "lowercaseString", "capitalizedString",
        "intValue", "integerValue", "doubleValue", "boolValue",
        "lastPathComponent", "pathExtension",
    ]
    /// Properties offered after a number.
    static let numberProperties = ["intValue", "integerValue", "doubleValue", "boolValue", "stringValue"]

    /// The completion menu for `characters` with the cursor at `cursor`, or nil when nothing at the
    /// cursor can be completed.
    static func unrankedMenu(
        for characters: [Character], cursor: Int, snapshot: VariableSnapshot,
        functions: [FunctionInfo]
    ) -> CompletionMenu? {
        let before = Array(characters[..<min(cursor, characters.count)])
        if let menu = subreferenceMenu(before, snapshot: snapshot) { return menu }
        if let menu = bracketNameMenu(before, snapshot: snapshot) { return menu }

        var wordStart = before.count
        while wordStart > 0, isIdentifierCharacter(before[wordStart - 1]) { wordStart -= 1 }
        guard wordStart > 0 else { return nil }
        let word = String(before[wordStart...])
        let sigil = before[wordStart - 1]
        let escaped = wordStart >= 2 && before[wordStart - 2] == sigil
        guard !escaped, word.isEmpty || isIdentifierStart(word.first) else { return nil }
        if sigil == "^" {
            let candidates = functions.filter { $0.name.hasPrefix(word) }.map {
                CompletionCandidate(insertion: "^" + $0.name + "(", detail: "\($0.signature)  \($0.summary)")
            }
            return candidates.isEmpty ? nil : CompletionMenu(candidates: candidates, start: wordStart - 1)
        }
        if sigil == "$" {
            let candidates = snapshot.names.filter { $0.lowercased().hasPrefix(word.lowercased()) }.map { name in
                CompletionCandidate(
                    insertion: PathExpression.isIdentifier(name) ? "$" + name : "$[" + name + "]",
                    detail: ValueFormatter.summary(of: snapshot.value(of: name)))
            }
            return candidates.isEmpty ? nil : CompletionMenu(candidates: candidates, start: wordStart - 1)
        }
        return nil
    }

    /// The longest text every candidate starts with.
    static func commonPrefix(of candidates: [CompletionCandidate]) -> String {
        guard var prefix = candidates.first.map({ Array($0.insertion) }) else { return "" }
        for candidate in candidates.dropFirst() {
            let other = Array(candidate.insertion)
            var length = 0
            while length < prefix.count, length < other.count, prefix[length] == other[length] { length += 1 }
            prefix = Array(prefix[..<length])
        }
        return String(prefix)
    }

    /// The function whose parentheses enclose the cursor, for the signature hint.
    static func enclosingFunction(in characters: [Character], cursor: Int) -> String? {
        var stack: [String?] = []
        var index = 0
        let end = min(cursor, characters.count)
        while index < end {
            let character = characters[index]
            if character == "^" {
                if index + 1 < end, characters[index + 1] == "^" {
                    index += 2
                    continue
                }
                var nameEnd = index + 1
                while nameEnd < characters.count, isIdentifierCharacter(characters[nameEnd]) { nameEnd += 1 }
                if nameEnd < characters.count, characters[nameEnd] == "(", nameEnd > index + 1, nameEnd < end {
                    stack.append(String(characters[(index + 1)..<nameEnd]))
                    index = nameEnd + 1
                    continue
                }
            } else if character == "(" {
                stack.append(nil)
            } else if character == ")" {
                _ = stack.popLast()
            }
            index += 1
        }
        return stack.reversed().compactMap { $0 }.first
    }

    // MARK: Subreferences

    /// `$[partial` with no closing bracket yet: variable names, bracket form.
    private static func bracketNameMenu(_ before: [Character], snapshot: VariableSnapshot) -> CompletionMenu? {
        guard let open = lastIndex(of: "[", in: before), open > 0, before[open - 1] == "$",
            !(open >= 2 && before[open - 2] == "$"), !before[(open + 1)...].contains("]")
        else { return nil }
        let partial = String(before[(open + 1)...]).lowercased()
        let candidates = snapshot.names.filter { $0.lowercased().hasPrefix(partial) }.map {
            CompletionCandidate(insertion: "$[" + $0 + "]", detail: ValueFormatter.summary(of: snapshot.value(of: $0)))
        }
        return candidates.isEmpty ? nil : CompletionMenu(candidates: candidates, start: open - 1)
    }

    /// A reference chain ending in `.partial` or `[partial` at the cursor.
    private static func subreferenceMenu(_ before: [Character], snapshot: VariableSnapshot) -> CompletionMenu? {
        var start = before.count - 1
        while start >= 0 {
            if before[start] == "$", !(start > 0 && before[start - 1] == "$"),
                let menu = chainMenu(before, from: start, snapshot: snapshot)
            {
                return menu
            }
            start -= 1
        }
        return nil
    }

    private static func chainMenu(_ text: [Character], from start: Int, snapshot: VariableSnapshot) -> CompletionMenu? {
        var index = start + 1
        guard index < text.count else { return nil }
        var value: Value?
        if text[index] == "[" {
            guard let close = matchingBracket(text, from: index) else { return nil }
            value = snapshot.value(of: String(text[(index + 1)..<close]))
            index = close + 1
        } else {
            let nameStart = index
            while index < text.count, isIdentifierCharacter(text[index]) { index += 1 }
            guard index > nameStart, isIdentifierStart(text[nameStart]) else { return nil }
            value = snapshot.value(of: String(text[nameStart..<index]))
        }
        while index < text.count {
            guard let current = value else { return nil }
            let subStart = index
            if text[index] == "." {
                index += 1
                let keyStart = index
                while index < text.count, isIdentifierCharacter(text[index]) { index += 1 }
                let key = String(text[keyStart..<index])
                if index == text.count {
                    return menu(for: current, partial: key, start: subStart, bracketed: false)
                }
                guard !key.isEmpty else { return nil }
                value = step(current, key: key)
            } else if text[index] == "[" {
                guard let close = matchingBracket(text, from: index) else {
                    let partial = String(text[(index + 1)...])
                    guard !partial.contains(where: { "$^#[".contains($0) }) else { return nil }
                    return menu(for: current, partial: partial, start: subStart, bracketed: true)
                }
                let key = String(text[(index + 1)..<close])
                guard !key.contains(where: { "$^#".contains($0) }) else { return nil }
                value = step(current, key: key)
                index = close + 1
            } else {
                return nil
            }
        }
        return nil
    }

    private static func step(_ value: Value, key: String) -> Value? {
        switch value {
        case .dictionary(let entries): return entries[key]
        case .array(let elements):
            if key == "count" { return .integer(elements.count) }
            let index = Int(key.trimmingLeadingSpaces) ?? 0
            return index >= 0 && index < elements.count ? elements[index] : nil
        case .object(let object): return (try? object.value(forProperty: key)) ?? nil
        default: return nil
        }
    }

    /// Candidates for the children of `value`. After `[` keys keep the bracket form; after `.`
    /// identifiers take the dot form.
    private static func menu(for value: Value, partial: String, start: Int, bracketed: Bool) -> CompletionMenu? {
        let lower = partial.lowercased()
        var candidates: [CompletionCandidate] = []
        func offer(_ key: String, _ detail: Value?) {
            guard !bracketed, key.lowercased().hasPrefix(lower) else { return }
            let insertion = PathExpression.isIdentifier(key) ? "." + key : "[" + PathExpression.escaped(key) + "]"
            candidates.append(
                CompletionCandidate(insertion: insertion, detail: detail.map { ValueFormatter.summary(of: $0) }))
        }
        switch value {
        case .dictionary(let entries):
            for (key, entry) in entries where key.lowercased().hasPrefix(lower) {
                let insertion: String
                if PathExpression.isIdentifier(key), !bracketed {
                    insertion = "." + key
                } else {
                    insertion = "[" + PathExpression.escaped(key) + "]"
                }
                candidates.append(CompletionCandidate(insertion: insertion, detail: ValueFormatter.summary(of: entry)))
            }
        case .array(let elements):
            for (index, element) in elements.prefix(100).enumerated() where String(index).hasPrefix(partial) {
                candidates.append(
                    CompletionCandidate(insertion: "[\(index)]", detail: ValueFormatter.summary(of: element)))
            }
            offer("count", .integer(elements.count))
        case .set(let members):
            offer("count", .integer(members.count))
        case .string:
            for name in stringProperties { offer(name, nil) }
        case .decimal, .integer, .double, .boolean:
            for name in numberProperties { offer(name, nil) }
        case .object(let object):
            for name in object.propertyNames { offer(name, (try? object.value(forProperty: name)) ?? nil) }
        default:
            break
        }
        return candidates.isEmpty ? nil : CompletionMenu(candidates: candidates, start: start)
    }

    // MARK: Characters

    static func isIdentifierStart(_ character: Character?) -> Bool {
        guard let scalar = character?.unicodeScalars.first, character?.unicodeScalars.count == 1 else { return false }
        return PathExpression.isIdentifierStart(scalar)
    }

    static func isIdentifierCharacter(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        return PathExpression.isIdentifierCharacter(scalar)
    }

    private static func lastIndex(of character: Character, in text: [Character]) -> Int? {
        text.lastIndex(of: character)
    }

    private static func matchingBracket(_ text: [Character], from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < text.count {
            if text[index] == "[" { depth += 1 }
            if text[index] == "]" {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }
}

extension String {
    fileprivate var trimmingLeadingSpaces: String {
        String(drop(while: { $0 == " " }))
    }
}
