import Foundation

/// A large top-level manifest declared while it is parsed (<doc:Manifests>): the first piece of
/// the document is parsed on the loading thread and declared while a second thread parses the rest,
/// a piece at a time (``XMLPieceStream``), and each piece is declared when it arrives.
///
/// What the user sees is what one parse of the whole gives. The log's lines are held back until
/// every piece has arrived and the pieces are known to stand for the document. When one does not
/// (a piece libxml2 refuses or warns about: the document is not well-formed, or a cut fell inside
/// a comment), the session stops and says so (``ManifestLoadSession/pieceWasRefused``), the held
/// lines are dropped, and ``EnvironmentBuilder`` builds again, parsing the document whole. So
/// declarations are made this way only when a second build would repeat nothing the log showed:
/// nothing was written to the log before the manifest, and includes, which are loaded before any
/// declaration, are all in the first piece.
extension ManifestLoadSession {
    /// The first piece's document and the stream of the others, when `bytes`, the top-level
    /// manifest at `url`, is declared while it is parsed (see the extension's comment); nil to
    /// load it as one document.
    func pipelinedPieces(
        of bytes: DocumentBytes, url: URL, path: String
    ) -> (first: XMLSourceDocument, rest: XMLPieceStream<PreparedPiece>, expectedChildren: Int)? {
        guard parsing == .strict, recordedManifest != url, environment.log.writtenCount == logCountAtStart,
            !bytes.isEmpty, bytes.count < Int(Int32.max), let target = pipelining.firstPieceTarget(forSize: bytes.count)
        else { return nil }
        let cuts = bytes.withUnsafeBytes { buffer -> [XMLDocumentSplit] in
            let cuts = XMLDocumentSplit.pieceCuts(in: buffer, firstNear: target)
            guard let first = cuts.first, !Self.mayHoldInclude(UnsafeRawBufferPointer(rebasing: buffer[first.cut...]))
            else { return [] }
            return cuts
        }
        guard let firstCut = cuts.first?.cut else { return nil }
        let (takingRuns, rules, used) = (declaresPlainRuns, plainDeclarationRules, declaredRuns)
        let started = XMLPieceStream.start(bytes, path: path, cuts: cuts) { document in
            PreparedPiece(gathering: document, takingRuns: takingRuns, rules: rules, reusing: used.take())
        }
        guard let (first, rest) = started else { return nil }
        // A root that is not <MBML> is reported as one parse of the whole reports it.
        guard let root = first.root, root.name.lowercased() == "mbml" else {
            rest.cancel()
            return nil
        }
        let firstChildren = root.children.count
        return (first, rest, firstChildren * (bytes.count / max(1, firstCut)) + firstChildren)
    }

    /// Declares a top-level manifest as its pieces arrive, holding the log's lines back until they
    /// are known to stand for the document (see the extension's comment).
    func process(
        _ pieces: (first: XMLSourceDocument, rest: XMLPieceStream<PreparedPiece>, expectedChildren: Int), url: URL
    ) {
        documents.append(pieces.first)
        documentsPipelined += 1
        environment.log.hold()
        guard let root = pieces.first.root,
            process(root, url: url, depth: 0, laterPieces: pieces.rest, expectedChildren: pieces.expectedChildren)
        else {
            environment.log.discardHeld()
            pieceWasRefused = true
            return
        }
        environment.log.releaseHeld()
    }

    /// The bytes ``reserveRoomWhileReadingAhead(_:)`` counts for a top-level declaration of a
    /// large manifest: a line such as `    <Var name="total" literal="12"/>` is about that long.
    static let bytesPerDeclaration = 48

    /// Makes room for the declarations of the top-level manifest at `url` while its bytes are
    /// still being read ahead (``ManifestPrefetch``) and the loading thread would otherwise wait
    /// for them: the variable and provenance tables of a hundred thousand declarations take about a
    /// millisecond to make. Only for a manifest large enough to be declared while it is parsed, with
    /// room for one declaration every ``bytesPerDeclaration`` bytes: a manifest of fewer, larger
    /// elements gets more room than it fills (address space, and the pages the tables' first
    /// writes touch), and one of more, shorter lines grows its tables as any load does.
    func reserveRoomWhileReadingAhead(_ url: URL) {
        guard parsing == .strict, let size = prefetch?.sizeWhileReading(url.path),
            pipelining.firstPieceTarget(forSize: size) != nil
        else { return }
        let expected = size / Self.bytesPerDeclaration
        environment.variables.reserveCapacity(forAdditional: expected)
        environment.reserveProvenances(forAdditional: expected)
    }

    /// Whether `bytes` may hold an `<Include>`: they hold its local name (a prefix bound to a
    /// namespace leaves an element's name `Include` too).
    static func mayHoldInclude(_ bytes: UnsafeRawBufferPointer) -> Bool {
        XMLBytes.offset(of: "Include", in: bytes) != nil
    }

    /// Declares a piece's top-level elements as gathered (``PreparedPiece``), after what `run`
    /// holds. False when the load was stopped.
    func declare(_ piece: PreparedPiece, after run: inout PlainDeclarationRun) -> Bool {
        declare(&run)
        for step in piece.steps {
            if evaluation.isStopped { return false }
            switch step {
            case .plain(let range): declare(piece.plain, in: range)
            case .element(let element): process(element)
            }
        }
        return true
    }
}
