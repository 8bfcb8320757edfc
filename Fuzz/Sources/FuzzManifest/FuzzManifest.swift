import Foundation
import FuzzSupport
@testable import MBMLEngine

/// Fuzzes manifest loading from bytes: the input is loaded as the text of a manifest in an empty
/// temporary folder (so relative includes find nothing), file writes off. Load errors are expected.
///
/// Each input is also parsed in two halves (``XMLDocumentSplit``; `.ci/fuzz.sh` builds with
/// `-enable-testing` for this), cut after a line feed chosen from the input, against the parse
/// of the whole: when the halves are taken, the whole must parse without a word and hold the
/// same records. It is also parsed in pieces (``XMLPieceStream``), the first cut near a sixteenth
/// of it or where the input's bytes pick: when the pieces stand for the document, the whole must
/// parse without a word, and the root's children of all pieces in turn must be the whole's, with
/// the same names, positions, attributes, text and descendants. A difference stops the run (a
/// trap, which libFuzzer keeps as a crash).
enum FuzzManifest {
    static let folder = NSTemporaryDirectory() + "mbml-fuzz-manifest-\(getpid())"

    static func load(_ bytes: [UInt8]) {
        let loader = ManifestLoader(options: EnvironmentOptions(allowsFileWrites: false), log: LogSink(limit: 16))
        _ = try? loader.load(contents: String(decoding: bytes, as: UTF8.self), path: folder + "/manifest.xml")
    }

    static func compareHalves(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        let whole = XMLSourceDocument.parse(bytes, path: "fuzz.xml", splitting: .never)
        // Two places to look for a cut from: the middle, and one the input's bytes pick.
        let picked = Int(bytes.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) } % UInt32(bytes.count))
        for target in [bytes.count / 2, picked] {
            guard case .success(let (halves, halvesWarnings)) =
                XMLSourceDocument.parse(bytes, path: "fuzz.xml", splitting: .near(target)),
                halves.wasParsedInHalves
            else { continue }
            guard case .success(let (document, warnings)) = whole else {
                fatalError("the halves parsed a document that the whole parse refuses (cut near \(target))")
            }
            guard warnings.isEmpty, halvesWarnings.isEmpty else {
                fatalError("the halves were taken although the whole parse warns (cut near \(target))")
            }
            guard halves.records == document.records else {
                fatalError("the halves hold other records than the whole (cut near \(target))")
            }
        }
    }
}

extension FuzzManifest {
    static func comparePieces(_ bytes: [UInt8]) {
        guard !bytes.isEmpty, bytes.count < Int(Int32.max) else { return }
        let picked = Int(bytes.reduce(UInt32(7)) { $0 &* 33 &+ UInt32($1) } % UInt32(bytes.count))
        for target in [bytes.count / 16, picked] {
            let cuts = bytes.withUnsafeBytes { XMLDocumentSplit.pieceCuts(in: $0, firstNear: target) }
            guard !cuts.isEmpty,
                let (first, rest) = XMLPieceStream.start(
                    DocumentBytes(bytes), path: "fuzz.xml", cuts: cuts, prepare: { _ in () })
            else { continue }
            var pieces = [first]
            var next = rest.next()
            while case .piece(let document, _) = next {
                pieces.append(document)
                next = rest.next()
            }
            guard case .end = next else { continue }
            guard case .success(let (document, warnings)) = XMLSourceDocument.parse(
                bytes, path: "fuzz.xml", splitting: .never)
            else { fatalError("the pieces stand for a document that the whole parse refuses (first cut near \(target))") }
            guard warnings.isEmpty else {
                fatalError("the pieces were taken although the whole parse warns (first cut near \(target))")
            }
            let pieceChildren = pieces.flatMap { $0.root.map { Array($0.children) } ?? [] }.map(describe)
            let wholeChildren = document.root.map { Array($0.children) }?.map(describe) ?? []
            guard pieceChildren == wholeChildren, first.root.map(describeStartTag) == document.root.map(describeStartTag)
            else { fatalError("the pieces hold other elements than the whole (first cut near \(target))") }
            withExtendedLifetime(pieces) {}
        }
    }

    /// An element's start tag as the loader reads it.
    static func describeStartTag(_ element: XMLElementNode) -> String {
        "\(element.name)@\(element.position.line):\(element.position.column) \(element.attributes.pairs.map { "\($0.name)=\($0.value)" })"
    }

    /// An element and its subtree as the loader reads them.
    static func describe(_ element: XMLElementNode) -> String {
        describeStartTag(element) + " text=\(element.text ?? "-") nested=\(element.nestedText ?? "-") ["
            + element.childElements.map(describe).joined(separator: ", ") + "]"
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifestInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    FuzzManifest.load(bytes)
    FuzzManifest.compareHalves(bytes)
    FuzzManifest.comparePieces(bytes)
    return 0
}

@_cdecl("FuzzManifest_main")
public func fuzzManifestMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzManifestInput)
}
