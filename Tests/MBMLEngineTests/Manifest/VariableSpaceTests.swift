import Foundation
import MBMLTestSupport
import Synchronization
import XCTest

@testable import MBMLEngine

/// The variable space (<doc:Variables>): storage, read-only refusal, push/pop, bindings,
/// dynamic variables and scopes.
final class VariableSpaceTests: XCTestCase {
    /// A declaration is one word (its dynamic case boxed), so that a space's record of a name stays
    /// small: a manifest of a hundred thousand names writes (and the kernel clears) each byte of it.
    func testADeclarationIsOneWord() {
        XCTAssertEqual(MemoryLayout<VariableDeclaration?>.size, 8)
        let dynamic = VariableDeclaration.dynamic(expression: "$a", context: .string)
        XCTAssertEqual(dynamic, .dynamic(expression: "$a", context: .string))
        XCTAssertNotEqual(dynamic, .dynamic(expression: "$b", context: .string))
        XCTAssertTrue(dynamic.isReadOnly)
    }

    // MARK: <doc:Variables> storage

    func testStoreReadAndRemove() throws {
        let space = VariableSpace()
        XCTAssertNil(space["a"])
        try space.set("a", to: "1")
        XCTAssertEqual(space["a"], "1")
        try space.set("a", to: nil)
        XCTAssertNil(space["a"], "storing nil removes the name")
        try space.set("b", to: .integer(2))
        try space.unset("b")
        XCTAssertNil(space["b"])
    }

    func testRemovingANameKeepsEveryOtherNamesValueAndStack() throws {
        // The records are dense: a removed name's place is taken by the last one.
        let space = VariableSpace()
        for (index, name) in ["a", "b", "c", "d"].enumerated() { try space.set(name, to: .integer(index)) }
        try space.push("d", .integer(30))
        try space.set("b", to: nil)
        XCTAssertEqual(space.names, ["a", "c", "d"])
        XCTAssertEqual(space["a"], .integer(0))
        XCTAssertEqual(space["c"], .integer(2))
        XCTAssertEqual(space["d"], .integer(30))
        XCTAssertEqual(space.stackDepth("d"), 1)
        XCTAssertEqual(try space.pop("d"), .integer(3))
        try space.set("d", to: nil)
        try space.set("a", to: nil)
        XCTAssertEqual(space.names, ["c"])
        try space.set("b", to: "again")
        space.declare("e", value: nil, readOnly: true)
        XCTAssertEqual(space.names, ["b", "c", "e"], "a declared name stays without a value")
        XCTAssertEqual(space["b"], "again")
        XCTAssertEqual(space["c"], .integer(2))
        XCTAssertThrowsError(try space.set("e", to: "x"))
        let copy = space.copy()
        try space.set("c", to: nil)
        XCTAssertEqual(copy["c"], .integer(2), "a copy keeps its own records")
        XCTAssertEqual(space.names, ["b", "e"])
    }

    func testNamesAreCaseSensitiveAndAnyNonEmptyString() throws {
        let space = VariableSpace()
        try space.set("Name", to: "upper")
        try space.set("name", to: "lower")
        try space.set("Barrett Test", to: "spaced")
        try space.set("com.gilt.ipad", to: "dotted")
        XCTAssertEqual(space["Name"], "upper")
        XCTAssertEqual(space["name"], "lower")
        XCTAssertEqual(space["Barrett Test"], "spaced")
        XCTAssertEqual(space["com.gilt.ipad"], "dotted")
        XCTAssertEqual(space.names, ["Barrett Test", "Name", "com.gilt.ipad", "name"])
    }

    func testNamesNeedingBracketsInExpressions() throws {
        let env = Environment()
        try env.variables.set("com.gilt.ipad", to: "dotted")
        try env.variables.set("x", to: "one")
        XCTAssertEqual(try env.evaluate("$[com.gilt.ipad]", in: .object), "dotted")
        XCTAssertEqual(try env.evaluate("$(com.gilt.ipad)", in: .object), "dotted")
        XCTAssertEqual(try env.evaluate("$[x]", in: .object), "one")
    }

    // MARK: <doc:Variables> read-only

    func testReadOnlyRefusesEveryChange() {
        let space = VariableSpace()
        space.declare("fixed", value: "v", readOnly: true)
        XCTAssertThrowsError(try space.set("fixed", to: "w")) { error in
            XCTAssertEqual(error as? VariableSpaceError, .readOnly("fixed"))
            XCTAssertEqual(String(describing: error), "Attempted to change value of read-only variable named fixed")
        }
        XCTAssertThrowsError(try space.unset("fixed"))
        XCTAssertThrowsError(try space.push("fixed", "w"))
        XCTAssertThrowsError(try space.pop("fixed"))
        XCTAssertEqual(space["fixed"], "v", "the value is unchanged")
        XCTAssertTrue(space.isReadOnly("fixed"))
        XCTAssertEqual(space.declaration(of: "fixed"), .concrete(readOnly: true))
    }

    func testMutableDeclarationAllowsChanges() throws {
        let space = VariableSpace()
        space.declare("free", value: "v")
        XCTAssertFalse(space.isReadOnly("free"))
        try space.set("free", to: "w")
        XCTAssertEqual(space["free"], "w")
        XCTAssertFalse(space.isReadOnly("undeclared"))
    }

    // MARK: <doc:Variables> redeclaration

    func testRedeclarationReplacesDeclarationAndKeepsOldValueForNil() throws {
        let space = VariableSpace()
        space.declare("v", value: "old", readOnly: true)
        space.declare("v", value: nil, readOnly: false)
        XCTAssertEqual(space["v"], "old", "a nil redeclaration keeps the value")
        XCTAssertFalse(space.isReadOnly("v"), "read-only status follows the new declaration")
        try space.set("v", to: "changed")
        space.declare("v", value: "new", readOnly: true)
        XCTAssertEqual(space["v"], "new")
        XCTAssertTrue(space.isReadOnly("v"))
    }

    // MARK: <doc:Variables> push and pop

    func testPushPopRestoresAndReturnsRestoredValue() throws {
        let space = VariableSpace()
        try space.set("item", to: "original")
        try space.push("item", "first")
        try space.push("item", "second")
        XCTAssertEqual(space["item"], "second")
        XCTAssertEqual(space.stackDepth("item"), 2)
        XCTAssertEqual(try space.pop("item"), "first")
        XCTAssertEqual(space["item"], "first")
        XCTAssertEqual(try space.pop("item"), "original")
        XCTAssertEqual(space["item"], "original")
        XCTAssertEqual(space.stackDepth("item"), 0)
    }

    func testPushOverUnsetRestoresUnset() throws {
        let space = VariableSpace()
        try space.push("temp", "value")
        XCTAssertEqual(space["temp"], "value")
        XCTAssertNil(try space.pop("temp"))
        XCTAssertNil(space["temp"])
    }

    func testAStackEmptiedByPopsBehavesAsNeverPushed() throws {
        let space = VariableSpace()
        space.declare("item", value: "outer")
        let job = Evaluation()
        for round in 0..<3 {
            try job.withBindings([("item", .integer(round))]) {
                XCTAssertEqual(try space.value(of: "item", within: job), .integer(round))
            }
            XCTAssertEqual(space.stackDepth("item"), 0)
            XCTAssertEqual(space["item"], "outer")
        }
        XCTAssertThrowsError(try space.pop("item")) { error in
            XCTAssertEqual(error as? VariableSpaceError, .emptyStack("item"))
        }
    }

    func testPopWithEmptyStackIsRefused() {
        let space = VariableSpace()
        XCTAssertThrowsError(try space.pop("nothing")) { error in
            XCTAssertEqual(error as? VariableSpaceError, .emptyStack("nothing"))
            XCTAssertEqual(String(describing: error), "Can't pop a variable that has no pushed values: nothing")
        }
    }

    func testPushedNilHidesVariable() throws {
        let space = VariableSpace()
        try space.set("v", to: "shown")
        try space.push("v", nil)
        XCTAssertNil(space["v"])
        try space.pop("v")
        XCTAssertEqual(space["v"], "shown")
    }

    // MARK: Bindings (per-item variables of functions)

    func testBindingsRestoreAfterwards() throws {
        let space = VariableSpace()
        try space.set("item", to: "outer")
        let job = Evaluation()
        let seen: [Value?] = try job.withBindings([("item", "inner"), ("key", .integer(1))]) {
            [try space.value(of: "item", within: job), try space.value(of: "key", within: job)]
        }
        XCTAssertEqual(seen, ["inner", .integer(1)])
        XCTAssertEqual(try space.value(of: "item", within: job), "outer")
        XCTAssertEqual(space["item"], "outer")
        XCTAssertNil(space["key"])
        XCTAssertEqual(space.stackDepth("item"), 0)
    }

    func testBindingsRestoreWhenBodyThrows() throws {
        struct Boom: Error {}
        let space = VariableSpace()
        try space.set("item", to: "outer")
        let job = Evaluation()
        XCTAssertThrowsError(try job.withBindings([("item", "inner")]) { throw Boom() })
        XCTAssertEqual(try space.value(of: "item", within: job), "outer")
    }

    func testNestedBindingsOfSameName() throws {
        let space = VariableSpace()
        let job = Evaluation()
        let inner: Value? = try job.withBindings([("item", "a")]) {
            try job.withBindings([("item", "b")]) { try space.value(of: "item", within: job) }
        }
        XCTAssertEqual(inner, "b")
        XCTAssertNil(try space.value(of: "item", within: job))
    }

    func testBindingsShadowReadOnlyAndDynamicVariables() throws {
        let env = Environment()
        env.variables.declare("fixed", value: "v", readOnly: true)
        env.variables.declareDynamic("dyn", expression: "computed")
        let job = env.makeEvaluation()
        let seen: [Value?] = try job.withBindings([("fixed", "bound"), ("dyn", "bound too")]) {
            [try env.variables.value(of: "fixed", within: job), try env.variables.value(of: "dyn", within: job)]
        }
        XCTAssertEqual(seen, ["bound", "bound too"])
        XCTAssertEqual(env.variables["fixed"], "v")
        XCTAssertEqual(env.variables["dyn"], "computed")
    }

    func testFunctionBindingsThroughCall() throws {
        let env = TestEnvironment.make()
        env.declare(
            FunctionDefinition(
                "withItem", input: .pipedExpressions, signature: "^withItem(value|expr)",
                category: .debug, summary: "Test-only."
            ) { call in
                let parameters = try call.expressions(.exactly(2))
                let item = try call.evaluate(parameters[0], as: .object)
                return try call.withBindings([("item", item)]) { try call.evaluate(parameters[1], as: .object) }
            })
        XCTAssertEqual(try env.evaluate("^withItem($name|Hi $item!)", in: .object), "Hi Cooper!")
        XCTAssertNil(env.variables["item"])
        XCTAssertEqual(try env.evaluate("^withItem(a|^withItem(b|$item)$item)", in: .object), "ba")
    }

    /// Two jobs iterating over one space at once each read their own `$item` and `$currentValue`
    /// (the inspector's tree, pins and editor evaluate on different threads).
    func testJobsIteratingAtOnceNeverSeeEachOthersItems() {
        let env = TestEnvironment.make()
        env.variables.declare("numbers", value: .array((1...300).map { .integer($0) }))
        let expression = "^reduce($numbers|#(0)|#($currentValue + $item))"
        let results = Mutex([Value?]())
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let value = try? env.evaluate(expression, in: .object)
            results.withLock { $0.append(value ?? nil) }
        }
        XCTAssertEqual(results.withLock { $0 }, Array(repeating: .decimal(45150), count: 8))
    }

    // MARK: <doc:Variables> dynamic variables

    func testDynamicVariableIsEvaluatedOnEveryRead() throws {
        let env = TestEnvironment.make()
        env.variables.declareDynamic("greeting", expression: "Hello $name")
        XCTAssertEqual(env.variables["greeting"], "Hello Cooper")
        try env.variables.set("name", to: "Jill")
        XCTAssertEqual(env.variables["greeting"], "Hello Jill")
        XCTAssertEqual(try env.evaluate("<$greeting>", in: .string), "<Hello Jill>")
        XCTAssertEqual(try env.evaluate("$greeting.length", in: .object), .integer(10))
    }

    func testDynamicVariableContexts() {
        let env = TestEnvironment.make()
        env.variables.declareDynamic("isBig", expression: "$count -GT 2", context: .boolean)
        env.variables.declareDynamic("double", expression: "$count * 2", context: .number)
        XCTAssertEqual(env.variables["isBig"], .boolean(true))
        XCTAssertEqual(env.variables["double"], .decimal(6))
    }

    func testDynamicVariablesAreReadOnly() {
        let env = Environment()
        env.variables.declareDynamic("dyn", expression: "x")
        XCTAssertTrue(env.variables.isReadOnly("dyn"))
        XCTAssertThrowsError(try env.variables.set("dyn", to: "y"))
        XCTAssertThrowsError(try env.variables.push("dyn", "y"))
        XCTAssertEqual(env.variables["dyn"], "x")
    }

    func testDynamicErrorsAreLoggedAndReadAsNil() {
        let log = LogSink()
        let env = Environment(log: log)
        env.variables.declareDynamic("broken", expression: "#(1 +)")
        XCTAssertNil(env.variables["broken"])
        XCTAssertTrue(log.lines.contains { $0.contains("requires both left and right operands") }, "\(log.lines)")
        XCTAssertNil(try env.evaluate("$broken", in: .object), "reading never fails")
    }

    func testSelfReferencingDynamicYieldsNil() throws {
        let env = Environment()
        env.variables.declareDynamic("loop", expression: "again $loop")
        XCTAssertEqual(env.variables["loop"], "again ")
        env.variables.declareDynamic("ping", expression: "$pong")
        env.variables.declareDynamic("pong", expression: "$ping")
        XCTAssertNil(env.variables["ping"])
        XCTAssertNil(try env.evaluate("$ping", in: .object))
        // After the re-entry the variable reads normally again.
        env.variables.declareDynamic("count-up", expression: "x")
        XCTAssertEqual(env.variables["count-up"], "x")
    }

    func testSingletonsAreFetchedOnEveryRead() {
        let space = VariableSpace()
        let counter = Counter()
        space.declareSingleton("tick") { .integer(counter.next()) }
        XCTAssertEqual(space["tick"], .integer(1))
        XCTAssertEqual(space["tick"], .integer(2))
        XCTAssertTrue(space.isReadOnly("tick"))
        XCTAssertThrowsError(try space.set("tick", to: "x"))
    }

    // MARK: <doc:Variables> scopes

    func testScopesRestoreEarlierValues() throws {
        let space = VariableSpace()
        let job = Evaluation()
        try space.set("v", to: "outer")
        space.enterScope(within: job)
        try space.setScoped("v", to: "one", within: job)
        try space.setScoped("v", to: "two", within: job)
        XCTAssertEqual(space["v"], "two")
        XCTAssertEqual(space.stackDepth("v"), 1, "exactly one stack level per name and scope")
        try space.setScoped("w", to: "new", within: job)
        space.enterScope(within: job)
        try space.setScoped("v", to: "inner", within: job)
        XCTAssertEqual(space["v"], "inner")
        space.exitScope(within: job)
        XCTAssertEqual(space["v"], "two")
        space.exitScope(within: job)
        XCTAssertEqual(space["v"], "outer")
        XCTAssertNil(space["w"])
        XCTAssertEqual(space.stackDepth("v"), 0)
    }

    func testScopedSetOfReadOnlyIsRefused() {
        let space = VariableSpace()
        space.declare("fixed", value: "v", readOnly: true)
        let job = Evaluation()
        space.enterScope(within: job)
        XCTAssertThrowsError(try space.setScoped("fixed", to: "w", within: job))
        space.exitScope(within: job)
        XCTAssertEqual(space["fixed"], "v")
    }

    func testScopedSetOutsideScopeIsPlainSet() throws {
        let space = VariableSpace()
        let job = Evaluation()
        try space.setScoped("v", to: "x", within: job)
        XCTAssertEqual(space["v"], "x")
        XCTAssertEqual(space.stackDepth("v"), 0)
        space.exitScope(within: job)
        XCTAssertEqual(space["v"], "x", "exiting without a scope does nothing")
    }

    // MARK: Copying

    func testCopyIsIndependent() throws {
        let space = VariableSpace()
        try space.set("v", to: "a")
        space.declare("fixed", value: "f", readOnly: true)
        let copy = space.copy()
        try copy.set("v", to: "b")
        XCTAssertEqual(space["v"], "a")
        XCTAssertEqual(copy["v"], "b")
        XCTAssertTrue(copy.isReadOnly("fixed"))
    }

    // MARK: Values in expressions are read afresh

    func testExpressionsSeeCurrentValues() throws {
        let env = TestEnvironment.make()
        XCTAssertEqual(try env.evaluate("$count", in: .number), .decimal(3))
        try env.variables.set("count", to: .integer(4))
        XCTAssertEqual(try env.evaluate("$count", in: .number), .decimal(4))
        try env.variables.push("count", .integer(5))
        XCTAssertEqual(try env.evaluate("$count", in: .number), .decimal(5))
        try env.variables.pop("count")
        XCTAssertEqual(try env.evaluate("$count", in: .number), .decimal(4))
    }

    func testStandardVariablesExist() {
        let env = Environment()
        XCTAssertTrue(env.variables.names.contains("Environment"))
        XCTAssertTrue(env.variables.names.contains("Platform"))
        XCTAssertTrue(env.variables.isReadOnly("Platform"))
    }

    func testConcurrentReadsAndWritesAreSafe() {
        let space = VariableSpace()
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            try? space.set("v\(index % 10)", to: .integer(index))
            _ = space["v\((index + 1) % 10)"]
            let job = Evaluation()
            job.withBindings([("item", .integer(index))]) { _ = try? space.value(of: "item", within: job) }
        }
        XCTAssertEqual(space.stackDepth("item"), 0)
        XCTAssertNil(space["item"])
    }

    // MARK: <doc:Quirks> quirk checklist (manifest and variable items, <doc:Variables>, <doc:Manifests>)

    /// Writes `files` into a fresh folder and loads its `manifest.xml`.
    private func loadManifest(_ manifest: String, files: [String: String] = [:]) throws -> ManifestLoadResult {
        let folder = try ScratchFolder(prefix: "etest")
        for (name, contents) in files.merging(["manifest.xml": manifest], uniquingKeysWith: { $1 }) {
            try folder.write(contents, to: name)
        }
        return try ManifestLoader().load(manifestAt: folder.file("manifest.xml"))
    }

    func testQuirk18_ValueStoresExpressionTextWhenNil() throws {
        let result = try loadManifest(
            """
            <MBML>
                <Var name="a" value="$undefined"/>
                <Var name="b" value="#(99.99)"/>
                <Var name="c" value="${a}!"/>
            </MBML>
            """)
        XCTAssertEqual(result.environment.variables["a"], "$undefined")
        XCTAssertEqual(result.environment.variables["b"], .decimal(Decimal(string: "99.99") ?? 0))
        XCTAssertEqual(result.environment.variables["c"], "$undefined!")
    }

    func testQuirk19_MutableFalseStaysMutable() throws {
        let result = try loadManifest(
            """
            <MBML>
                <Var name="wordFalse" literal="x" mutable="false"/>
                <Var name="wordNo" literal="x" mutable="no"/>
                <Var name="letterF" literal="x" mutable="F"/>
                <Var name="zero" literal="x" mutable="0"/>
                <Var name="empty" literal="x" mutable=""/>
                <Var name="plain" literal="x"/>
            </MBML>
            """)
        let space = result.environment.variables
        XCTAssertFalse(space.isReadOnly("wordFalse"))
        XCTAssertFalse(space.isReadOnly("wordNo"))
        XCTAssertTrue(space.isReadOnly("letterF"))
        XCTAssertTrue(space.isReadOnly("zero"))
        XCTAssertTrue(space.isReadOnly("empty"))
        XCTAssertFalse(space.isReadOnly("plain"))
        XCTAssertThrowsError(try space.set("letterF", to: "y"))
        XCTAssertNoThrow(try space.set("wordFalse", to: "y"))
    }

    func testQuirk20_DynamicVariablesAndSingletonsAreReadEveryTime() throws {
        let result = try loadManifest(
            """
            <MBML>
                <Var name="base" literal="one"/>
                <Var name="dyn" type="dynamic" expression="[$base]"/>
                <Var name="synonym" type="dynamic" value="($base)"/>
                <Var name="check" type="dynamic" boolean="$base == one"/>
            </MBML>
            """)
        let space = result.environment.variables
        XCTAssertEqual(space["dyn"], "[one]")
        XCTAssertEqual(space["synonym"], "(one)")
        XCTAssertEqual(space["check"], .boolean(true))
        try space.set("base", to: "two")
        XCTAssertEqual(space["dyn"], "[two]")
        XCTAssertEqual(space["check"], .boolean(false))
        XCTAssertTrue(space.isReadOnly("dyn"))
        let counter = Counter()
        space.declareSingleton("tick") { .integer(counter.next()) }
        XCTAssertNotEqual(space["tick"], space["tick"])
    }

    func testQuirk21_EmptyIfDeclaresVarButSkipsInclude() throws {
        let result = try loadManifest(
            """
            <MBML>
                <Include file="skipped.xml" if=""/>
                <Var name="declared" literal="yes" if=""/>
                <Var name="notDeclared" literal="no" if="F"/>
            </MBML>
            """, files: ["skipped.xml": "<MBML><Var name=\"fromSkipped\" literal=\"x\"/></MBML>"])
        let space = result.environment.variables
        XCTAssertEqual(space["declared"], "yes")
        XCTAssertNil(space["notDeclared"])
        XCTAssertNil(space["fromSkipped"])
    }

    func testQuirk22_IncludesRunFirstAndLoadOncePerFileName() throws {
        let result = try loadManifest(
            """
            <MBML>
                <Var name="order" literal="manifest"/>
                <Include file="a.xml"/>
                <Include file="b.xml"/>
                <Include file="sub/a.xml"/>
            </MBML>
            """,
            files: [
                "a.xml": "<MBML><Var name=\"order\" literal=\"include\"/><Var name=\"seen\" value=\"$order\"/></MBML>",
                "b.xml": "<MBML><Include file=\"a.xml\"/><Var name=\"fromB\" literal=\"b\"/></MBML>",
                "sub/a.xml": "<MBML><Var name=\"fromSubA\" literal=\"x\"/></MBML>",
            ])
        let env = result.environment
        XCTAssertEqual(env.variables["order"], "manifest", "the manifest's own <Var> runs after its includes")
        XCTAssertEqual(env.variables["seen"], "include")
        XCTAssertEqual(env.variables["fromB"], "b")
        XCTAssertNil(env.variables["fromSubA"], "a file named a.xml was already loaded")
        XCTAssertEqual(env.loadedFiles.filter { $0.hasSuffix("/a.xml") }.count, 1, "\(env.loadedFiles)")
    }

    func testQuirk27_OutputNoneFunctionsReturnNothing() throws {
        let result = try loadManifest(
            """
            <MBML>
                <Function name="quiet" class="MBMLStringFunctions" method="parseInteger" input="string" output="none"/>
            </MBML>
            """)
        XCTAssertNil(try result.environment.evaluate("^quiet(5)", in: .object))
        XCTAssertEqual(try result.environment.evaluate("[^quiet(5)]", in: .string), "[]")
    }

    /// <doc:FunctionCalls> and quirk 27: an implementation declared with output `none` never fails the expression;
    /// its error is ignored like its value.
    func testOutputNoneFunctionErrorsAreIgnored() throws {
        let result = try loadManifest(
            """
            <MBML>
                <Function name="quiet" class="MBMLStringFunctions" method="parseInteger" input="string" output="none"/>
            </MBML>
            """)
        XCTAssertNoThrow(try result.environment.evaluate("^quiet(abc)", in: .object))
        XCTAssertEqual(try? result.environment.evaluate("[^quiet(abc)]", in: .string), "[]")
    }

    /// <doc:Manifests> Port: a self-referencing dynamic variable yields nil *with a logged error*.
    func testSelfReferencingDynamicVariableLogsAnError() {
        let log = LogSink()
        let env = TestEnvironment.make(log: log)
        env.variables.declareDynamic("loop", expression: "$loop")
        XCTAssertNil(env.variables["loop"])
        XCTAssertFalse(log.lines.isEmpty, "the re-entry should be reported in the log")
    }

    /// <doc:Variables> Port: scopes belong to a job; a job without a scope of its own sets plainly
    /// and its change is not undone when another job exits its scope.
    func testScopesBelongToTheirJob() throws {
        let space = VariableSpace()
        try space.set("v", to: "base")
        let job = Evaluation()
        let other = Evaluation()
        space.enterScope(within: job)
        try space.setScoped("v", to: "other job", within: other)
        XCTAssertEqual(space.stackDepth("v"), 0, "the other job has no scope: a plain set, nothing pushed")
        space.exitScope(within: job)
        XCTAssertEqual(space["v"], "other job", "exiting this job's scope must not undo the other job's set")
    }

    /// A host that binds a lazily read value through a job (never storing it in the space) gives
    /// functions the same answers as the decoded value.
    func testAHostsLazyBindingReadsAsTheDecodedValue() throws {
        let lazy = try JSONCodec.decodePlainLazily(Array(#"{"a": [1, 2]}"#.utf8))
        let env = TestEnvironment.make()
        let value = try env.evaluate("^keys($x)", in: .object, binding: [("x", lazy)])
        XCTAssertEqual(value, .array([.string("a")]))
        XCTAssertEqual(try env.evaluate("$x.a[1]", in: .object, binding: [("x", lazy)]), .integer(2))
    }
}

/// A thread-safe counter for singleton tests.
private final class Counter: Sendable {
    private let value = Mutex(0)

    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }

    /// Declaring a run of values (a group of names hashed and prefetched at a time) declares,
    /// replaces and reports what declaring them one by one does: names repeated across groups,
    /// canonically equal names, earlier dynamic and read-only declarations, a run not starting at 0.
    func testDeclaringValuesByGroupsIsDeclaringThemOneByOne() {
        let names =
            ["skipped"] + (0..<200).map { "v\($0 % 70)" } + ["caf\u{E9}", "cafe\u{301}", "K", "\u{212A}"]
            + (0..<(VariableSpace.prefetchGroup * 3 + 5)).map { "w\($0)" }
        // Texts and, now and then, a list (a manifest's plain lists).
        let values = names.indices.map { $0 % 7 == 3 ? Value.array([.string("item \($0)")]) : .string("text \($0)") }
        let grouped = VariableSpace()
        let single = VariableSpace()
        for space in [grouped, single] {
            space.declareDynamic("v3", expression: "1")
            space.declare("w5", value: .string("read-only"), readOnly: true)
        }
        var groupedReplaced: [String] = []
        grouped.declareValues(names[1...], values: values[1...]) { groupedReplaced.append("\($0) \($1)") }
        var singleReplaced: [String] = []
        for index in names.indices.dropFirst() {
            if let old = single.declareReplacing(names[index], value: values[index]) {
                singleReplaced.append("\(index) \(old)")
            }
        }
        XCTAssertFalse(singleReplaced.isEmpty)
        XCTAssertEqual(groupedReplaced, singleReplaced)
        XCTAssertEqual(grouped.names, single.names)
        XCTAssertNil(grouped.declaration(of: "skipped"))
        for name in single.names {
            XCTAssertEqual(grouped[name], single[name], name)
            XCTAssertEqual(grouped.declaration(of: name), single.declaration(of: name), name)
        }
    }
}
