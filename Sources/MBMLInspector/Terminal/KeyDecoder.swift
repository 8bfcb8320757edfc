/// One unit of terminal input before decoding: a character code, or a key the terminal library
/// already recognised (arrows, function keys, resize, mouse).
enum RawInput: Equatable, Sendable {
    case character(UInt32)
    case key(Key)
}

/// Turns raw terminal input into ``Key`` values: control codes become `.control`, Escape
/// followed by a character becomes `.alt`, and `ESC [ ...` sequences the terminal library did not
/// recognise are decoded where they are common (arrows, Home/End, Shift-Tab) and dropped otherwise.
///
/// Pure and stateless apart from its input, so it is testable without a terminal.
enum KeyDecoder {
    /// Decodes a batch of raw input. An Escape at the very end of the batch is a lone Escape key
    /// (the caller waits briefly for a following character before decoding).
    static func decode(_ inputs: [RawInput]) -> [Key] {
        var keys: [Key] = []
        var index = 0
        while index < inputs.count {
            switch inputs[index] {
            case .key(let key):
                keys.append(key)
                index += 1
            case .character(let code):
                if code == 27, let paste = decodePaste(inputs, from: index) {
                    keys.append(.paste(paste.text))
                    index = paste.next
                } else if code == 27 {
                    index += 1
                    index = decodeEscape(inputs, from: index, into: &keys)
                } else {
                    if let key = decodeCharacter(code) { keys.append(key) }
                    index += 1
                }
            }
        }
        return keys
    }

    /// Decodes one character code (not Escape).
    static func decodeCharacter(_ code: UInt32) -> Key? {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 0: return .control(" ")
        case 1...26:
            guard let scalar = Unicode.Scalar(code + 96) else { return nil }
            return .control(Character(scalar))
        case 28...31: return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }

    private static func decodeEscape(_ inputs: [RawInput], from start: Int, into keys: inout [Key]) -> Int {
        guard start < inputs.count, case .character(let next) = inputs[start] else {
            keys.append(.escape)
            return start
        }
        if next == 27 {
            keys.append(.escape)
            return start
        }
        if next == UInt32(UInt8(ascii: "[")) || next == UInt32(UInt8(ascii: "O")) {
            return decodeControlSequence(inputs, from: start + 1, into: &keys)
        }
        switch decodeCharacter(next) {
        case .character(let character)?: keys.append(.alt(character))
        case .backspace?: keys.append(.alt("\u{7F}"))
        case .enter?: keys.append(.alt("\n"))
        case let other?:
            // Escape then a control key typed quickly: both keys, not a lost Escape.
            keys.append(.escape)
            keys.append(other)
        case nil: break
        }
        return start + 1
    }

    /// `ESC [` parameters final-byte.
    private static func decodeControlSequence(_ inputs: [RawInput], from start: Int, into keys: inout [Key]) -> Int {
        var index = start
        var parameters = ""
        while index < inputs.count, case .character(let code) = inputs[index] {
            index += 1
            guard let scalar = Unicode.Scalar(code) else { return index }
            if scalar.value >= 0x40 && scalar.value <= 0x7E {
                if let key = controlSequenceKey(parameters: parameters, final: Character(scalar)) {
                    keys.append(key)
                }
                return index
            }
            parameters.unicodeScalars.append(scalar)
        }
        return index
    }

    private static func controlSequenceKey(parameters: String, final: Character) -> Key? {
        let modifier = parameters.split(separator: ";").dropFirst().first.flatMap { Int($0) } ?? 1
        let altHeld = modifier == 3 || modifier == 4
        switch final {
        case "A": return .up
        case "B": return .down
        case "C": return altHeld || modifier == 5 ? .alt("f") : .right
        case "D": return altHeld || modifier == 5 ? .alt("b") : .left
        case "H": return .home
        case "F": return .end
        case "Z": return .backTab
        case "P": return .function(1)
        case "~":
            switch parameters.split(separator: ";").first.flatMap({ Int($0) }) {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            case 11: return .function(1)
            case 12: return .function(2)
            case 15: return .function(5)
            case 13: return .function(3)
            case 14: return .function(4)
            case 17: return .function(6)
            case 18: return .function(7)
            default: return nil
            }
        default: return nil
        }
    }
}
