// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "mbml",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MBMLEngine", targets: ["MBMLEngine"]),
        .library(name: "MBMLInspector", targets: ["MBMLInspector"]),
        .executable(name: "mbml", targets: ["mbml"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .systemLibrary(name: "CMalloc"),
        // The processor's prefetch hint (a header), for look-ups in tables larger than the caches.
        .systemLibrary(name: "CPrefetch"),
        .systemLibrary(name: "CProcessTrace"),
        // The bit masks of 64 bytes of JSON text (SSE2 on x86-64), for the structural pass.
        .target(name: "CJSONBlocks"),
        // A thread placed on another processor than its creator's (affinity needs _GNU_SOURCE).
        .target(name: "CSiblingThread"),
        .target(
            name: "MBMLEngine",
            dependencies: [
                "CLibXML2",
                "CJSONBlocks",
                "CPrefetch",
                "CSiblingThread",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "MBMLInspector",
            dependencies: ["MBMLEngine", "CNcurses"]
        ),
        .target(
            name: "MBMLLanguageServer",
            dependencies: ["MBMLEngine"]
        ),
        .executableTarget(
            name: "mbml",
            dependencies: [
                "MBMLEngine",
                "MBMLInspector",
                "MBMLLanguageServer",
                "CMalloc",
                "CProcessTrace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Linked at a fixed address (not position-independent): the 92,000 pointers a
            // position-independent `mbml` has to relocate at every start (Swift metadata, witness
            // tables) took about 3 ms and 260 page faults of each run, a fifth of `mbml eval 1`.
            // The libraries, the stack and the heap are still placed at random.
            linkerSettings: [.unsafeFlags(["-Xlinker", "-no-pie"], .when(platforms: [.linux], configuration: .release))],
            plugins: ["VersionInfo"]
        ),
        // Writes the commit mbml is built from (`mbml --version`) before every build; "unknown"
        // outside a git checkout.
        .plugin(name: "VersionInfo", capability: .buildTool()),
        .target(
            name: "MBMLTestSupport",
            dependencies: ["MBMLEngine"],
            path: "Tests/MBMLTestSupport"
        ),
        .testTarget(
            name: "MBMLEngineTests",
            dependencies: ["MBMLEngine", "MBMLTestSupport"],
            resources: [.copy("Conformance")]
        ),
        .testTarget(
            name: "mbmlTests",
            dependencies: ["mbml", "MBMLLanguageServer", "MBMLInspector", "MBMLTestSupport"]
        ),
        .testTarget(
            name: "MBMLInspectorTests",
            dependencies: ["MBMLInspector", "MBMLEngine", "MBMLTestSupport"]
        ),
    ]
)

// libFuzzer targets, declared only when MBML_FUZZ is set: `.ci/fuzz.sh` builds them with
// `-sanitize=fuzzer` in its own scratch folder. Plain `swift build` and `swift test` never see them.
if Context.environment["MBML_FUZZ"] != nil {
    let fuzzSettings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]
    package.targets += [
        .target(name: "FuzzSupport", path: "Fuzz/Sources/FuzzSupport"),
        .executableTarget(name: "FuzzExpression", dependencies: ["MBMLEngine", "FuzzSupport"],
                          path: "Fuzz/Sources/FuzzExpression", swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzManifest", dependencies: ["MBMLEngine", "FuzzSupport"],
                          path: "Fuzz/Sources/FuzzManifest", swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzJSON", dependencies: ["MBMLEngine", "FuzzSupport"],
                          path: "Fuzz/Sources/FuzzJSON", swiftSettings: fuzzSettings),
        .executableTarget(name: "FuzzLanguageServer", dependencies: ["MBMLLanguageServer", "FuzzSupport"],
                          path: "Fuzz/Sources/FuzzLanguageServer", swiftSettings: fuzzSettings),
    ]
}
