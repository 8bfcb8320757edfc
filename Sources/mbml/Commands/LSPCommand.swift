import ArgumentParser
import Foundation
import MBMLLanguageServer

/// `mbml lsp`: a language server for MBML manifests over standard input and output.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the Language Server Protocol for MBML manifests over standard input and output.",
        discussion: """
            Speaks LSP 3.17 (JSON-RPC 2.0 with Content-Length framing) for MBML manifests: diagnostics \
            from the engine's loader as you type (incremental sync), hover with values and declaration \
            sites, completion of functions, variables and properties (values resolved lazily), signature \
            help, go to declaration, references and rename across included files, document symbols, \
            folding, document links, inlay hints with values, quick fixes, evaluating a selection and code \
            lenses that run a project's expectation files. \
            Editors start it as `mbml lsp`; see the README, "Editor integration (mbml lsp)".
            """
    )

    func run() throws {
        let status = LanguageServerSession { StandardStream.output.write(String(decoding: $0, as: UTF8.self)) }.run()
        if status != 0 { throw ExitCode(status) }
    }
}
