import Foundation
import XCTest

@testable import MBMLLanguageServer

extension LanguageServer {
    /// Handles one message body as the session would (decoded once), and returns the replies read
    /// back as JSON.
    func handle(_ body: Data) -> [JSONValue] {
        handle(IncomingMessage(body: body), generation: nil).map(\.json)
    }
}

extension OutgoingMessage {
    /// The message read back as JSON (`null` when it is not JSON, which fails the test reading it).
    var json: JSONValue {
        (try? JSONValue(parsing: Data(text.utf8))) ?? .null
    }

    /// The member `key` of the message.
    subscript(key: String) -> JSONValue? {
        json[key]
    }
}

extension LSPRange {
    /// The range as the server writes it.
    var json: JSONValue {
        .object([
            "start": .object(["line": .int(start.line), "character": .int(start.character)]),
            "end": .object(["line": .int(end.line), "character": .int(end.character)]),
        ])
    }
}
