import MBMLTestSupport
import XCTest

@testable import MBMLInspector

final class ThemeTests: XCTestCase {
    private var themesFolder: URL { RepositoryFile.url("Themes") }

    func testEmbeddedThemesEqualTheFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: themesFolder.path).filter {
            $0.hasSuffix(".theme")
        }
        XCTAssertEqual(Set(files.map { String($0.dropLast(6)) }), Set(BuiltInThemes.sources.keys))
        for file in files {
            let text = try String(contentsOf: themesFolder.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(
                BuiltInThemes.sources[String(file.dropLast(6))], text,
                "\(file) differs from BuiltInThemes.swift; run sh Themes/embed.sh")
        }
    }

    func testEveryBuiltInThemeParsesAndSetsEveryRole() throws {
        for name in ["default", "light", "high-contrast", "monochrome"] {
            let theme = try ThemeLoader.load(name, folders: [URL(fileURLWithPath: "/nonexistent")])
            XCTAssertEqual(Set(theme.styles.keys), Set(StyleRole.allCases), name)
        }
    }

    func testMonochromeHasNoColours() throws {
        let theme = try ThemeLoader.load("monochrome")
        for (role, style) in theme.styles {
            XCTAssertEqual(style.foreground, .terminalDefault, role.rawValue)
            XCTAssertEqual(style.background, .terminalDefault, role.rawValue)
        }
        XCTAssertTrue(theme.style(for: .selection).attributes.contains(.reverse))
    }

    func testParsingTheFormat() throws {
        let theme = try Theme(
            parsing: """
                # comment
                normal = default
                selection = black on color75 bold   # trailing comment
                error = #ff0000 underline
                title = reverse
                dim = grey10
                """, name: "t")
        XCTAssertEqual(
            theme.style(for: .selection),
            TextStyle(foreground: .indexed(0), background: .indexed(75), attributes: [.bold]))
        XCTAssertEqual(theme.style(for: .error), TextStyle(foreground: .indexed(196), attributes: [.underline]))
        XCTAssertEqual(theme.style(for: .title), TextStyle(attributes: [.reverse]))
        XCTAssertEqual(theme.style(for: .dim).foreground, .indexed(242))
        XCTAssertEqual(theme.style(for: .hint), theme.style(for: .normal), "unset roles look like normal")
    }

    func testParseErrorsNameTheLine() {
        XCTAssertThrowsError(try Theme(parsing: "normal = default\nbogus = red\n", name: "t", path: "x.theme")) {
            error in
            XCTAssertEqual((error as? ThemeError)?.line, 2)
            XCTAssertTrue(String(describing: error).hasPrefix("x.theme:2: unknown role `bogus`"))
        }
        XCTAssertThrowsError(try Theme(parsing: "normal = mauve\n", name: "t"))
        XCTAssertThrowsError(try Theme(parsing: "normal = red on\n", name: "t"))
        XCTAssertThrowsError(try Theme(parsing: "normal red\n", name: "t"))
    }

    func testNoColorSelectsMonochrome() {
        XCTAssertEqual(ThemeLoader.defaultThemeName(environment: ["NO_COLOR": "1"]), "monochrome")
        XCTAssertEqual(ThemeLoader.defaultThemeName(environment: ["NO_COLOR": ""]), "default")
        XCTAssertEqual(ThemeLoader.defaultThemeName(environment: [:]), "default")
    }

    func testThemeByPathAndUnknownName() throws {
        let folder = try ScratchFolder(prefix: "mbml-inspector")
        let file = try folder.write("normal = green\n", to: "mine.theme", atomically: true)
        XCTAssertEqual(try ThemeLoader.load(file.path).style(for: .normal).foreground, .indexed(2))
        XCTAssertThrowsError(try ThemeLoader.load("nonexistent-theme", folders: [folder.url])) { error in
            XCTAssertTrue(String(describing: error).contains("default, high-contrast, light, mine, monochrome"))
        }
    }

    func testThemeFoldersAreSearchedInOrderBeforeTheBuiltInThemes() throws {
        let first = try ScratchFolder(prefix: "mbml-themes-first")
        let second = try ScratchFolder(prefix: "mbml-themes-second")
        try first.write("normal = red\n", to: "light.theme", atomically: true)
        try second.write("normal = green\n", to: "light.theme", atomically: true)
        try second.write("normal = blue\n", to: "installed.theme", atomically: true)
        let folders = [first.url, second.url]
        XCTAssertEqual(try ThemeLoader.load("light", folders: folders).style(for: .normal).foreground, .indexed(1))
        XCTAssertEqual(try ThemeLoader.load("installed", folders: folders).style(for: .normal).foreground, .indexed(4))
        // Not in any folder: the built-in copy.
        XCTAssertEqual(
            try ThemeLoader.load("monochrome", folders: folders).styles,
            try Theme(parsing: BuiltInThemes.sources["monochrome"] ?? "", name: "monochrome").styles)
        XCTAssertThrowsError(try ThemeLoader.load("installed", folders: [first.url]))
    }

    func testColoursAdaptToEightColourTerminals() {
        // A 256-colour blue becomes a basic colour; greys become (dimmed) white text.
        XCTAssertEqual(ThemeColor.indexed(75).adapted(toColorCount: 256, asBackground: false).index, 75)
        XCTAssertEqual(ThemeColor.indexed(75).adapted(toColorCount: 8, asBackground: true).index, 6)
        XCTAssertEqual(ThemeColor.indexed(203).adapted(toColorCount: 8, asBackground: false).index, 1)
        let grey = ThemeColor.indexed(245).adapted(toColorCount: 8, asBackground: false)
        XCTAssertEqual(grey.index, 7)
        XCTAssertTrue(grey.dim)
        XCTAssertEqual(ThemeColor.indexed(236).adapted(toColorCount: 8, asBackground: true).index, 0)
        let bright = ThemeColor.indexed(9).adapted(toColorCount: 8, asBackground: false)
        XCTAssertEqual(bright.index, 1)
        XCTAssertTrue(bright.bold)
        XCTAssertNil(ThemeColor.terminalDefault.adapted(toColorCount: 8, asBackground: false).index)
        // Every built-in theme maps into 0..<8 on an 8-colour terminal.
        for source in BuiltInThemes.sources.values {
            let theme = try? Theme(parsing: source, name: "t")
            for style in theme?.styles.values.map({ $0 }) ?? [] {
                for color in [style.foreground, style.background] {
                    if let index = color.adapted(toColorCount: 8, asBackground: false).index {
                        XCTAssertTrue((0..<8).contains(index))
                    }
                }
            }
        }
    }
}
