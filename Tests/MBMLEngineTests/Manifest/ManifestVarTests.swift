import Foundation
import XCTest

@testable import MBMLEngine

/// `<Var>` in every form of <doc:Manifests>.
final class ManifestVarTests: ManifestTestCase {
    private func variables(_ body: String, file: StaticString = #filePath, line: UInt = #line) throws -> (
        VariableSpace, [String]
    ) {
        let result = try load(contents: "<MBML>\n" + body + "\n</MBML>")
        return (result.environment.variables, descriptions(result))
    }

    // MARK: Simple values

    func testSpecExample() throws {
        let (variables, diagnostics) = try variables(
            """
            <Var name="cats" type="list"><Var literal="Tom"/><Var literal="Felix"/></Var>
            <Var name="currency" literal="$USD"/>
            <Var name="price" value="#(99.99)"/>
            <Var name="priceLabel" value="${currency}${price}"/>
            <Var name="felines" value="$cats"/>
            <Var name="broken" value="$notYetDeclared"/>
            <Var name="notYetDeclared" literal="too late"/>
            """)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(variables["currency"], "$USD")
        guard case .decimal(let price)? = variables["price"] else {
            return XCTFail("price is \(String(describing: variables["price"]))")
        }
        XCTAssertEqual(price, Decimal(string: "99.99"))
        XCTAssertEqual(variables["priceLabel"], "$USD99.99")
        XCTAssertEqual(variables["felines"], .array(["Tom", "Felix"]))
        XCTAssertEqual(variables["broken"], "$notYetDeclared")
    }

    func testValueYieldingNothingStoresTheExpressionText() throws {
        let (variables, diagnostics) = try variables("<Var name=\"a\" value=\"$undefined\"/>")
        XCTAssertEqual(variables["a"], "$undefined")
        XCTAssertEqual(diagnostics, ["test.xml:2:1: $undefined is referred to by $a but nothing declares it"])
    }

    func testLiteralIsNeverEvaluated() throws {
        let (variables, _) = try variables("<Var name=\"a\" literal=\"#(1 + 2) ^q(x)\"/>")
        XCTAssertEqual(variables["a"], "#(1 + 2) ^q(x)")
    }

    func testValueEvaluationErrorRejectsTheDeclaration() throws {
        let (variables, diagnostics) = try variables(
            "<Var name=\"a\" literal=\"old\"/>\n  <Var name=\"a\" value=\"^noSuchFunction(1)\"/>")
        XCTAssertEqual(variables["a"], "old")
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(
            diagnostics[0].hasPrefix(
                "test.xml:3:3: The following <Var> declaration did not validate and will be ignored: <Var name=\"a\" value=\"^noSuchFunction(1)\"/>"
            ),
            diagnostics[0])
    }

    func testBooleanIsStoredAsBoolean() throws {
        let (variables, diagnostics) = try variables(
            """
            <Var name="big" boolean="#(1 + 1) -GT 1"/>
            <Var name="no" boolean="F"/>
            <Var name="empty" boolean=""/>
            """)
        XCTAssertEqual(diagnostics, [])
        guard case .boolean(true)? = variables["big"], case .boolean(false)? = variables["no"],
            case .boolean(false)? = variables["empty"]
        else {
            return XCTFail("\(String(describing: variables["big"])) \(String(describing: variables["no"]))")
        }
    }

    func testTextContentIsTheValue() throws {
        let (variables, diagnostics) = try variables(
            """
            <Var name="name" literal="Cooper"/>
            <Var name="greeting">Hi $name</Var>
            <Var name="cdata"><![CDATA[a<b]]></Var>
            """)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(variables["greeting"], "Hi Cooper")
        XCTAssertEqual(variables["cdata"], "a<b")
    }

    func testEmptyVarDeclaresWithoutValue() throws {
        let (variables, diagnostics) = try variables("<Var name=\"a\"/>")
        XCTAssertEqual(diagnostics, [])
        XCTAssertNil(variables["a"])
        XCTAssertEqual(variables.declaration(of: "a"), .concrete(readOnly: false))
    }

    func testMoreThanOneValueAttributeIsRejected() throws {
        let (variables, diagnostics) = try variables("<Var name=\"a\" literal=\"x\" value=\"y\"/>")
        XCTAssertNil(variables.declaration(of: "a"))
        XCTAssertEqual(
            diagnostics,
            [
                "test.xml:2:1: Variable declarations may contain only one of these attributes: \"value\", \"boolean\", \"literal\"; this declaration will be ignored: <Var name=\"a\" literal=\"x\" value=\"y\"/>"
            ])
    }

    func testMissingNameIsRejected() throws {
        let (_, diagnostics) = try variables("    <Var literal=\"x\"/>\n<Var type=\"dynamic\" expression=\"1\"/>")
        XCTAssertEqual(
            diagnostics,
            [
                "test.xml:2:5: MBConcreteVariableDeclaration requires the attribute \"name\" but it was not found in: <Var literal=\"x\"/>",
                "test.xml:3:1: MBDynamicVariableDeclaration requires the attribute \"name\" but it was not found in: <Var type=\"dynamic\" expression=\"1\"/>",
            ])
    }

    func testUnsupportedAttributeWarnsButDeclares() throws {
        let result = try load(contents: "<MBML><Var name=\"a\" literal=\"x\" colour=\"red\"/></MBML>")
        XCTAssertEqual(result.environment.variables["a"], "x")
        XCTAssertEqual(
            descriptions(result),
            [
                "test.xml:1:7: MBConcreteVariableDeclaration does not support the attribute \"colour\" found in: <Var name=\"a\" literal=\"x\" colour=\"red\"/>"
            ])
        XCTAssertEqual(result.diagnostics.first?.severity, .warning)
    }

    func testUserDefaultsNameIsReportedOnce() throws {
        let result = try load(
            contents:
                "<MBML><Var name=\"a\" literal=\"x\" userDefaultsName=\"k\"/><Var name=\"b\" literal=\"y\" userDefaultsName=\"k2\"/></MBML>"
        )
        XCTAssertEqual(result.environment.variables["b"], "y")
        XCTAssertEqual(result.warnings.count, 1)
        XCTAssertEqual(result.errors, [])
    }

    // MARK: mutable (<doc:Variables>)

    func testMutableIsReadWithTruthiness() throws {
        let (variables, _) = try variables(
            """
            <Var name="f" literal="x" mutable="F"/>
            <Var name="lowerF" literal="x" mutable="f"/>
            <Var name="zero" literal="x" mutable="0"/>
            <Var name="empty" literal="x" mutable=""/>
            <Var name="false" literal="x" mutable="false"/>
            <Var name="no" literal="x" mutable="no"/>
            <Var name="t" literal="x" mutable="T"/>
            <Var name="absent" literal="x"/>
            <Var name="list" type="list" mutable="F"><Var literal="a"/></Var>
            """)
        for name in ["f", "lowerF", "zero", "empty", "list"] {
            XCTAssertTrue(variables.isReadOnly(name), name)
        }
        for name in ["false", "no", "t", "absent"] {
            XCTAssertFalse(variables.isReadOnly(name), name)
        }
        XCTAssertThrowsError(try variables.set("f", to: "changed"))
        XCTAssertNoThrow(try variables.set("false", to: "changed"))
        XCTAssertEqual(variables["f"], "x")
        XCTAssertEqual(variables["false"], "changed")
    }

    // MARK: if (<doc:Manifests>)

    func testIfDefaultsToDeclaring() throws {
        let result = try load(
            contents: """
                <MBML>
                <Var name="empty" literal="x" if=""/>
                <Var name="true" literal="x" if="T"/>
                <Var name="false" literal="x" if="F"/>
                <Var name="comparison" literal="x" if="#(1 + 1) -EQ 2"/>
                <Var name="unset" literal="x" if="$noSuchVariable"/>
                <Var name="seesAbove" literal="x" if="$true"/>
                <Var name="linux" literal="x" if="$Platform.isLinux"/>
                <Var name="uikit" literal="x" if="$Platform.isUIKit"/>
                <Var name="failing" literal="x" if="^noSuchFunction()"/>
                </MBML>
                """)
        let variables = result.environment.variables
        for name in ["empty", "true", "comparison", "seesAbove", "linux", "failing"] {
            XCTAssertEqual(variables[name], "x", name)
        }
        for name in ["false", "unset", "uikit"] {
            XCTAssertNil(variables.declaration(of: name), name)
        }
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(result.warnings.count, 1)
        XCTAssertTrue(
            descriptions(result).first?.hasPrefix("test.xml:10:1: Couldn't evaluate the \"if\" condition") == true)
    }

    // MARK: Redeclaration (<doc:Variables>)

    func testRedeclarationReplacesAndNilKeepsTheOldValue() throws {
        let log = LogSink()
        let result = try load(
            contents: """
                <MBML>
                <Var name="a" literal="one" mutable="F"/>
                <Var name="a" literal="two"/>
                <Var name="b" literal="kept"/>
                <Var name="b" mutable="F"/>
                </MBML>
                """, log: log)
        let variables = result.environment.variables
        XCTAssertEqual(variables["a"], "two")
        XCTAssertFalse(variables.isReadOnly("a"))
        XCTAssertEqual(variables["b"], "kept")
        XCTAssertTrue(variables.isReadOnly("b"))
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertTrue(
            log.lines.contains(
                "test.xml:3:1: Variable \"a\" redeclared from: a read-only concrete variable to: <Var name=\"a\" literal=\"two\"/>"
            ),
            log.lines.joined(separator: "\n"))
    }

    func testDynamicRedeclaredAsConcrete() throws {
        let (variables, _) = try variables(
            """
            <Var name="a" type="dynamic" expression="dyn"/>
            <Var name="a" literal="concrete"/>
            """)
        XCTAssertEqual(variables["a"], "concrete")
        XCTAssertEqual(variables.declaration(of: "a"), .concrete(readOnly: false))
    }

    // MARK: Types

    func testUnknownTypeIsReportedAndIgnored() throws {
        let (variables, diagnostics) = try variables("<Var name=\"a\" type=\"tuple\" literal=\"x\"/>")
        XCTAssertNil(variables.declaration(of: "a"))
        XCTAssertEqual(
            diagnostics,
            [
                "test.xml:2:1: Unknown variable type (\"tuple\") specified in: <Var name=\"a\" type=\"tuple\" literal=\"x\"/>"
            ])
    }

    func testSingletonIsReportedAndIgnored() throws {
        let (variables, diagnostics) = try variables("<Var name=\"Device\" type=\"singleton\" class=\"MBDevice\"/>")
        XCTAssertNil(variables.declaration(of: "Device"))
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(
            diagnostics[0].hasPrefix(
                "test.xml:2:1: Singleton variables (type=\"singleton\") are not supported on Linux"))
    }

    func testSingletonBehindFalseConditionIsSilent() throws {
        let (_, diagnostics) = try variables(
            "<Var if=\"$Platform.isUIKit\" name=\"Device\" type=\"singleton\" class=\"MBDevice\"/>")
        XCTAssertEqual(diagnostics, [])
    }

    // MARK: Lists and maps

    func testListsAndMapsNest() throws {
        let (variables, diagnostics) = try variables(
            """
            <Var name="name" literal="Cooper"/>
            <Var name="data" type="map">
                <Var name="title" literal="T"/>
                <Var name="count" value="#(2 * 3)"/>
                <Var name="flag" boolean="T"/>
                <Var name="greeting">Hi $name</Var>
                <Var name="rows" type="list">
                    <Var type="map"><Var name="id" literal="1"/></Var>
                    <Var type="list"><Var literal="a"/><Var type="list"><Var literal="deep"/></Var></Var>
                    <Var/>
                    <Var literal=""/>
                </Var>
                <Var name="title" literal="last wins"/>
                <Entry name="otherTag" literal="any tag is a declaration"/>
            </Var>
            """)
        XCTAssertEqual(diagnostics, [])
        let data = try XCTUnwrap(variables["data"]?.dictionaryValue)
        XCTAssertEqual(Array(data.keys), ["title", "count", "flag", "greeting", "rows", "otherTag"])
        XCTAssertEqual(data["title"], "last wins")
        XCTAssertEqual(data["count"], .integer(6))
        guard case .boolean(true)? = data["flag"] else { return XCTFail("flag is \(String(describing: data["flag"]))") }
        XCTAssertEqual(data["greeting"], "Hi Cooper")
        XCTAssertEqual(data["rows"], .array([["id": "1"], ["a", ["deep"]], ""]))
        XCTAssertEqual(data["otherTag"], "any tag is a declaration")
    }

    func testEmptyContainers() throws {
        let (variables, _) = try variables("<Var name=\"l\" type=\"list\"/><Var name=\"m\" type=\"map\"></Var>")
        XCTAssertEqual(variables["l"], .array([]))
        XCTAssertEqual(variables["m"], .dictionary([:]))
    }

    func testListElementWithNameAndMapElementWithoutNameAreSkipped() throws {
        let (variables, diagnostics) = try variables(
            """
            <Var name="l" type="list">
              <Var name="x" literal="named"/>
              <Var literal="kept"/>
            </Var>
            <Var name="m" type="map">
              <Var literal="unnamed"/>
              <Var name="k" literal="kept"/>
            </Var>
            """)
        XCTAssertEqual(variables["l"], .array(["kept"]))
        XCTAssertEqual(variables["m"], .dictionary(["k": "kept"]))
        XCTAssertEqual(
            diagnostics,
            [
                "test.xml:3:3: <Var> can't take a \"name\" attribute because it is contained in a list; Ignoring: <Var name=\"x\" literal=\"named\"/>",
                "test.xml:7:3: <Var> requires a \"name\" attribute in: <Var literal=\"unnamed\"/>",
            ])
    }

    func testBadElementIsSkippedButTheContainerDeclared() throws {
        let (variables, diagnostics) = try variables(
            """
            <Var name="l" type="list">
              <Var type="weird"/>
              <Var value="^noSuchFunction(1)"/>
              <Var literal="kept"/>
            </Var>
            """)
        XCTAssertEqual(variables["l"], .array(["kept"]))
        XCTAssertEqual(diagnostics.count, 2)
        XCTAssertTrue(diagnostics[0].hasPrefix("test.xml:3:3: Unknown variable type (\"weird\")"))
        XCTAssertTrue(diagnostics[1].hasPrefix("test.xml:4:3: The following <Var> declaration did not validate"))
    }

    func testDynamicElementFailsTheWholeContainer() throws {
        let (variables, diagnostics) = try variables(
            """
            <Var name="l" type="list">
              <Var literal="a"/>
              <Var type="list">
                <Var type="dynamic" expression="x"/>
              </Var>
            </Var>
            """)
        XCTAssertNil(variables.declaration(of: "l"))
        XCTAssertEqual(
            diagnostics,
            [
                "test.xml:5:5: Variable containers can only contain concrete (non-dynamic) values; this declaration will be ignored: <Var type=\"dynamic\" expression=\"x\"/>"
            ])
    }

    func testIfOnElementsIsIgnored() throws {
        let (variables, _) = try variables("<Var name=\"l\" type=\"list\"><Var literal=\"a\" if=\"F\"/></Var>")
        XCTAssertEqual(variables["l"], .array(["a"]))
    }

    func testContainerSeesEarlierVariables() throws {
        let (variables, _) = try variables(
            """
            <Var name="cats" type="list"><Var literal="Tom"/></Var>
            <Var name="pets" type="map"><Var name="cats" value="$cats"/></Var>
            """)
        XCTAssertEqual(variables["pets"], ["cats": ["Tom"]])
    }

    func testNestingBeyondTheLimitIsReported() throws {
        var options = EnvironmentOptions()
        options.maximumIncludeDepth = 5
        var body = ""
        for depth in 0..<8 {
            body +=
                String(repeating: " ", count: depth)
                + (depth == 0 ? "<Var name=\"deep\" type=\"list\">\n" : "<Var type=\"list\">\n")
        }
        body += String(repeating: "</Var>", count: 8)
        let result = try load("<MBML>\n" + body + "\n<Var name=\"after\" literal=\"x\"/>\n</MBML>", options: options)
        XCTAssertNil(result.environment.variables.declaration(of: "deep"))
        XCTAssertEqual(result.environment.variables["after"], "x")
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "\(path("manifest.xml")):7:6: <Var> declarations are nested more than 5 levels deep; this declaration will be ignored: <Var type=\"list\">...</Var>"
            ])
    }

    // MARK: Dynamic

    func testDynamicIsEvaluatedOnEveryRead() throws {
        let result = try load(
            contents: """
                <MBML>
                <Var name="n" literal="1"/>
                <Var name="byExpression" type="dynamic" expression="n=$n"/>
                <Var name="byValue" type="dynamic" value="v=$n"/>
                <Var name="byBoolean" type="dynamic" boolean="$n -EQ 2"/>
                </MBML>
                """)
        XCTAssertEqual(result.diagnostics, [])
        let variables = result.environment.variables
        XCTAssertEqual(variables.declaration(of: "byExpression"), .dynamic(expression: "n=$n", context: .object))
        XCTAssertEqual(variables.declaration(of: "byBoolean"), .dynamic(expression: "$n -EQ 2", context: .boolean))
        XCTAssertTrue(variables.isReadOnly("byValue"))
        XCTAssertEqual(variables["byExpression"], "n=1")
        guard case .boolean(false)? = variables["byBoolean"] else { return XCTFail() }
        try variables.set("n", to: "2")
        XCTAssertEqual(variables["byExpression"], "n=2")
        XCTAssertEqual(variables["byValue"], "v=2")
        guard case .boolean(true)? = variables["byBoolean"] else { return XCTFail() }
    }

    func testDynamicNeedsExactlyOneExpression() throws {
        let (variables, diagnostics) = try variables(
            """
            <Var name="none" type="dynamic"/>
            <Var name="two" type="dynamic" expression="a" boolean="b"/>
            <Var name="mutable" type="dynamic" expression="a" mutable="F"/>
            """)
        XCTAssertNil(variables.declaration(of: "none"))
        XCTAssertNil(variables.declaration(of: "two"))
        XCTAssertNotNil(variables.declaration(of: "mutable"))
        XCTAssertEqual(
            diagnostics,
            [
                "test.xml:2:1: MBDynamicVariableDeclaration requires the attribute \"expression\" but it was not found in: <Var name=\"none\" type=\"dynamic\"/>",
                "test.xml:3:1: Dynamic variable declarations may contain only one of these attributes: \"expression\", \"value\", \"boolean\"; this declaration will be ignored: <Var name=\"two\" type=\"dynamic\" expression=\"a\" boolean=\"b\"/>",
                "test.xml:4:1: MBDynamicVariableDeclaration does not support the attribute \"mutable\" found in: <Var name=\"mutable\" type=\"dynamic\" expression=\"a\" mutable=\"F\"/>",
            ])
    }

    func testDynamicWithSyntaxErrorIsDeclaredWithAWarning() throws {
        let result = try load(contents: "<MBML><Var name=\"d\" type=\"dynamic\" expression=\"#(1 + )\"/></MBML>")
        XCTAssertNotNil(result.environment.variables.declaration(of: "d"))
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(result.warnings.count, 1)
        XCTAssertEqual(result.warnings.first?.column, 7)
    }
}
