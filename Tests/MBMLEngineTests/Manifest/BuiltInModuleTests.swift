import Foundation
import XCTest

@testable import MBMLEngine

/// The original's modules as loaded files: the core module in every environment, the geolocation
/// module when a manifest enables it (`modules=`, `<Include>`) or the host does.
final class BuiltInModuleTests: ManifestTestCase {
    private func build(_ inputs: [EnvironmentInput]) -> EnvironmentLoad {
        EnvironmentBuilder().build(inputs)
    }

    private func files(_ environment: Environment) throws -> Value? {
        try environment.evaluate("^mbmlLoadedFiles()", in: .object)
    }

    private func isLoaded(_ fileName: String, in environment: Environment) throws -> Value? {
        try environment.evaluate("^mbmlFileIsLoaded(\(fileName))", in: .boolean)
    }

    func testCoreModuleComesRightAfterTheManifestAndBeforeIncludes() throws {
        try write("inc.xml", #"<MBML><Var name="x" literal="1"/></MBML>"#)
        let manifest = try write("m.xml", #"<MBML><Include file="inc.xml"/></MBML>"#)
        let load = build([.manifest(manifest)])
        XCTAssertEqual(load.diagnostics, [])
        XCTAssertEqual(try files(load.environment), ["m.xml", "MBDataEnvironmentModule.xml", "inc.xml"])
        XCTAssertEqual(load.environment.loadedFiles.count, 2, "only files read from disk")
        XCTAssertEqual(try isLoaded("MBGeolocationModule.xml", in: load.environment), .boolean(false))
    }

    func testModulesAttributeEnablesTheGeolocationModuleWithoutAWarning() throws {
        try write("inc.xml", #"<MBML/>"#)
        let manifest = try write(
            "m.xml", #"<MBML modules="MBGeolocationModule, MBDataEnvironmentModule"><Include file="inc.xml"/></MBML>"#)
        let load = build([.manifest(manifest)])
        XCTAssertEqual(load.diagnostics, [])
        XCTAssertEqual(
            try files(load.environment),
            ["m.xml", "MBDataEnvironmentModule.xml", "MBGeolocationModule.xml", "inc.xml"])
        XCTAssertEqual(try isLoaded("MBGeolocationModule.xml", in: load.environment), .boolean(true))
        XCTAssertEqual(
            try load.environment.evaluate("^mbmlPathIsLoaded(<built-in>/MBGeolocationModule.xml)", in: .boolean),
            .boolean(true))
    }

    func testUnknownModulesStillWarn() throws {
        let manifest = try write("m.xml", #"<MBML modules="MBGeolocationModule,MBUnknownModule"/>"#)
        let messages = build([.manifest(manifest)]).warnings.map(\.message)
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("\"MBUnknownModule\"") == true, "\(messages)")
    }

    func testIncludingTheModuleFileEnablesItWhenItsConditionHolds() throws {
        let skipped = try write("no.xml", #"<MBML><Include file="MBGeolocationModule.xml" if="F"/></MBML>"#)
        let noLoad = build([.manifest(skipped)])
        XCTAssertEqual(noLoad.diagnostics, [])
        XCTAssertEqual(try isLoaded("MBGeolocationModule.xml", in: noLoad.environment), .boolean(false))

        let included = try write("yes.xml", #"<MBML><Include file="MBGeolocationModule.xml"/></MBML>"#)
        let load = build([.manifest(included)])
        XCTAssertEqual(load.diagnostics, [], "the module's file is built in, not looked for on disk")
        XCTAssertEqual(try isLoaded("MBGeolocationModule.xml", in: load.environment), .boolean(true))
    }

    func testTheModuleFileNamedAsAManifestEnablesTheModule() throws {
        let copy = try write("MBGeolocationModule.xml", #"<MBML><Var name="copied" literal="yes"/></MBML>"#)
        let load = build([.manifest(copy)])
        XCTAssertEqual(
            load.warnings.map(\.message),
            ["Skipped: it is the file of the built-in module MBGeolocationModule, which is now enabled"])
        XCTAssertNil(load.environment.variables["copied"])
        XCTAssertEqual(try files(load.environment), ["MBDataEnvironmentModule.xml", "MBGeolocationModule.xml"])
    }

    func testHostCanEnableAModuleOnce() throws {
        let environment = Environment()
        environment.enable(.geolocation)
        environment.enable(.geolocation)
        environment.enable(.core)
        XCTAssertEqual(environment.enabledModules, [.core, .geolocation])
        XCTAssertEqual(
            environment.mbmlPathsLoaded,
            ["<built-in>/MBDataEnvironmentModule.xml", "<built-in>/MBGeolocationModule.xml"])
    }

    func testGeolocationFunctionsWorkWhetherOrNotTheModuleIsEnabled() throws {
        XCTAssertEqual(
            try Environment().evaluate("^formatDistance(%.1f|0,0|0,1)", in: .string), .string("69.2"))
    }

    func testModuleLookup() {
        XCTAssertEqual(BuiltInModule(className: "MBGeolocationModule"), .geolocation)
        XCTAssertEqual(BuiltInModule(fileName: "MBDataEnvironmentModule.xml"), .core)
        XCTAssertNil(BuiltInModule(className: "MBGeolocationModule.xml"))
        XCTAssertNil(BuiltInModule(fileName: "manifest.xml"))
    }
}
