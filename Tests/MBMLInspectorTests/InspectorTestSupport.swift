import Foundation
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// A small manifest with the examples the spec uses: cats, their genders, a dictionary with a
/// space in its name, a scalar.
let catsManifest = """
    <MBML>
        <Var name="cats" type="list">
            <Var literal="Barrett"/>
            <Var literal="Duncan"/>
            <Var literal="Cooper"/>
        </Var>
        <Var name="catGenders" type="map">
            <Var name="Barrett" literal="female"/>
            <Var name="Duncan" literal="male"/>
            <Var name="Cooper" literal="male"/>
        </Var>
        <Var name="Barrett Test" type="map">
            <Var name="firstName" literal="Barrett"/>
            <Var name="species" literal="cat"/>
            <Var name="owners" type="list">
                <Var literal="Jill Test"/>
                <Var literal="Evan Test"/>
            </Var>
        </Var>
        <Var name="name" literal="Cooper"/>
    </MBML>
    """

/// A session on the cats manifest (or `manifest`), evaluating synchronously, sized like a
/// comfortable terminal, already started.
func makeSession(
    manifest: String = catsManifest, rows: Int = 40, columns: Int = 120,
    file: StaticString = #filePath, line: UInt = #line
) -> (InspectorSession, BufferScreen) {
    let engine = EngineController(source: .text(manifest, name: "test.xml"))
    let session = InspectorSession(engine: engine, size: TerminalSize(rows: rows, columns: columns))
    session.start(now: Date(timeIntervalSince1970: 0))
    let screen = BufferScreen(rows: rows, columns: columns)
    session.render(on: screen)
    return (session, screen)
}

/// A session around a ready-made environment.
func makeSession(environment: Environment, rows: Int = 40, columns: Int = 120) -> (InspectorSession, BufferScreen) {
    let session = InspectorSession(
        engine: EngineController(environment: environment),
        size: TerminalSize(rows: rows, columns: columns))
    session.start(now: Date(timeIntervalSince1970: 0))
    let screen = BufferScreen(rows: rows, columns: columns)
    session.render(on: screen)
    return (session, screen)
}

extension BufferScreen {
    /// The text of the results row labelled `label`, after the label.
    func resultRow(_ label: String) -> String? {
        for row in 0..<size.rows {
            let text = line(row)
            guard let range = text.range(of: "│" + label + " ") ?? text.range(of: "│ " + label + " ") else { continue }
            return String(text[range.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// The first row containing `needle` and its index.
    func firstRow(containing needle: String) -> (index: Int, text: String)? {
        for row in 0..<size.rows where line(row).contains(needle) { return (row, line(row)) }
        return nil
    }
}

extension ValueViewer {
    /// Every line the viewer shows (counting them all).
    var allLines: [String] {
        (0..<lines.lineCount()).compactMap { line($0) }
    }
}
