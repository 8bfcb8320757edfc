import Crypto
import Foundation

/// The Encoding functions of <doc:FunctionLibrary>: MD5 and SHA-1 digests (swift-crypto's `Insecure`
/// digests), Base64 and hexadecimal conversion of Data.
enum EncodingFunctions {
    static var all: [FunctionDefinition] {
        [
            stringDigest("MD5", md5, summaryName: "MD5", digits: 32),
            stringDigest("MD5FromString", md5, summaryName: "MD5", digits: 32),
            dataDigest("MD5FromData", md5, summaryName: "MD5", digits: 32),
            stringDigest("SHA1", sha1, summaryName: "SHA-1", digits: 40),
            stringDigest("SHA1FromString", sha1, summaryName: "SHA-1", digits: 40),
            dataDigest("SHA1FromData", sha1, summaryName: "SHA-1", digits: 40),
            base64FromData, dataFromBase64, hexStringFromData, dataFromHexString,
        ]
    }

    // MARK: Digests

    /// A digest as lowercase hexadecimal text.
    typealias HexDigest = @Sendable (Data) -> String

    static let md5: HexDigest = { hexString(Insecure.MD5.hash(data: $0)) }
    static let sha1: HexDigest = { hexString(Insecure.SHA1.hash(data: $0)) }

    /// `^MD5`/`^MD5FromString`/`^SHA1`/`^SHA1FromString`: the digest of the text's UTF-8 bytes.
    private static func stringDigest(
        _ name: String, _ digest: @escaping HexDigest, summaryName: String,
        digits: Int
    ) -> FunctionDefinition {
        FunctionDefinition(
            name, input: .string, signature: "^\(name)(text)", category: .encoding,
            summary: "The \(summaryName) digest of the text's UTF-8 bytes as \(digits) lowercase hexadecimal digits "
                + "(an undefined variable hashes the empty text; `^\(name)()` gives null)."
        ) { call in
            guard let text = call.optionalText else { return nil }
            return .string(digest(utf8BytesBeforeNUL(text)))
        }
    }

    /// `^MD5FromData`/`^SHA1FromData`: the digest of a Data value.
    private static func dataDigest(
        _ name: String, _ digest: @escaping HexDigest, summaryName: String,
        digits: Int
    ) -> FunctionDefinition {
        FunctionDefinition(
            name, input: .object, signature: "^\(name)(data)", category: .encoding,
            summary: "The \(summaryName) digest of a Data value as \(digits) lowercase hexadecimal digits. "
                + "Any other kind of value (a String included) is an error."
        ) { call in
            .string(digest(try dataArgument(call)))
        }
    }

    /// The reference hashes a C string, so the bytes stop at the first NUL character.
    static func utf8BytesBeforeNUL(_ text: String) -> Data {
        Data(text.utf8.prefix(while: { $0 != 0 }))
    }

    static func hexString<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var output: [UInt8] = []
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The single Data parameter of an `object` function (absent, null and other kinds are errors).
    static func dataArgument(_ call: FunctionCall) throws -> Data {
        let value = try call.value()
        guard case .data(let data) = value else { throw FunctionError.type(expected: "Data", got: value) }
        return data
    }

    // MARK: Base64 and hexadecimal

    static let base64FromData = FunctionDefinition(
        "base64FromData", input: .object, signature: "^base64FromData(data)", category: .encoding,
        summary: "A Data value encoded as standard Base64 text (with = padding, no line breaks). Any other kind "
            + "of value is an error."
    ) { call in
        .string(try dataArgument(call).base64EncodedString())
    }

    static let dataFromBase64 = FunctionDefinition(
        "dataFromBase64", input: .string, signature: "^dataFromBase64(text)", category: .encoding,
        summary: "Decodes standard Base64 text into Data. Text that is not valid Base64 (including text with "
            + "whitespace or line breaks) gives null rather than an error; empty parentheses are an error."
    ) { call in
        let text = try call.text()
        return Data(base64Encoded: text).map(Value.data)
    }

    static let hexStringFromData = FunctionDefinition(
        "hexStringFromData", input: .object, signature: "^hexStringFromData(data)", category: .encoding,
        summary: "A Data value as hexadecimal text, two lowercase digits per byte (empty Data gives \"\"). Any "
            + "other kind of value is an error."
    ) { call in
        .string(hexString(try dataArgument(call)))
    }

    static let dataFromHexString = FunctionDefinition(
        "dataFromHexString", input: .string, signature: "^dataFromHexString(text)", category: .encoding,
        summary: "Data from hexadecimal text: each pair of digits (either case) is one byte; an odd trailing digit "
            + "is ignored and text with non-ASCII characters gives empty Data. Other non-hexadecimal characters "
            + "are an error."
    ) { call in
        let text = try call.text()
        return .data(try data(fromHex: text))
    }

    /// Decodes hex pairs (<doc:FunctionLibrary>; non-hex ASCII characters are an error, a recorded
    /// deviation from the reference's unpredictable bytes).
    static func data(fromHex text: String) throws -> Data {
        let units = Array(text.utf8)
        guard units.allSatisfy({ $0 < 0x80 }) else { return Data() }
        var bytes = Data(capacity: units.count / 2)
        var index = 0
        while index + 1 < units.count {
            guard let high = hexDigitValue(units[index]), let low = hexDigitValue(units[index + 1]) else {
                let bad = hexDigitValue(units[index]) == nil ? index : index + 1
                throw FunctionError(
                    "expected hexadecimal digits, but found \"\(String(Unicode.Scalar(units[bad])))\" at offset \(bad)")
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexDigitValue(_ unit: UInt8) -> UInt8? {
        switch unit {
        case 48...57: return unit - 48
        case 65...70: return unit - 55
        case 97...102: return unit - 87
        default: return nil
        }
    }
}
