// swift-tools-version:6.0
//
// Swift 6.0 and later (Xcode 16 and later). CI builds and tests with Swift 6.3.1 and compiles
// every module, tests included, with Swift 6.0.3 (.ci/swift-6.0-build); newer language features
// stay behind `#if compiler(>=…)`.
//
// One package: the ReSwift library modules, the example apps built with them, and the benchmark.
// Each module's block below declares its products and targets: the library in Sources/, internal
// targets in Support/, the example apps in Examples/, the benchmark in Benchmarks/.

import PackageDescription

let package = Package(
    name: "ReSwift",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [],
    targets: []
)

// MARK: - InternalReSwiftUtilities (the leaf)

package.targets += [
    // What every module may need, written once: the lock, signal chaining, the library's own
    // messages (`LibraryOutput`), descriptor I/O and an LRU cache. The one target of
    // ours that ReSwift and the Support targets depend on (as swift-collections' modules depend on
    // InternalCollectionsUtilities); it depends on nothing of ours. Internal: no product.
    .target(name: "InternalReSwiftUtilities", path: "Support/InternalReSwiftUtilities"),
    .testTarget(
        name: "InternalReSwiftUtilitiesTests", dependencies: ["InternalReSwiftUtilities", "TestSupport"],
        path: "Tests/InternalReSwiftUtilitiesTests"),
]

// MARK: - ReSwift (core)

package.products += [.library(name: "ReSwift", targets: ["ReSwift"])]
package.targets += [
    .target(name: "ReSwift", dependencies: ["InternalReSwiftUtilities"], path: "Sources/ReSwift"),
    .testTarget(
        name: "ReSwiftTests",
        dependencies: ["ReSwift", "ReSwiftDevTools", "TestSupport", "store-deferral-fixture"],
        path: "Tests/ReSwiftTests"),
    // Test-only: subscribers that dispatch from newState (the store's own, the DevTools
    // instrumentation's and logger's, a routable's), in a process a failed precondition can end.
    .executableTarget(
        name: "store-deferral-fixture", dependencies: ["ReSwift", "ReSwiftDevTools", "ReSwiftRouter"],
        path: "Tests/Fixtures/StoreDeferral"),
    // Code in ReSwift 6.1's shape (store subclasses, generic StoreType code, custom stores), in
    // Swift 5 mode as ReSwift 6.1's users write it.
    .testTarget(
        name: "ReSwiftCompatibilityTests", dependencies: ["ReSwift"], path: "Tests/ReSwiftCompatibilityTests",
        swiftSettings: [.swiftLanguageMode(.v5)]),
]

// MARK: - Benchmark

package.products += [.executable(name: "reswift-bench", targets: ["ReSwiftBench"])]
package.targets += [
    .executableTarget(
        name: "ReSwiftBench",
        dependencies: [
            "ReSwift", "ReSwiftThunk", "ReSwiftDevTools", "CMallocStats", "ArgumentParsing", "TerminalUI",
            "HTTPTransport", "ReSwiftQuery",
        ],
        path: "Benchmarks/ReSwiftBench"),
    .target(name: "CMallocStats", path: "Benchmarks/CMallocStats"),
]

// MARK: - ReSwiftRouter

package.products += [.library(name: "ReSwiftRouter", targets: ["ReSwiftRouter"])]
package.targets += [
    .target(name: "ReSwiftRouter", dependencies: ["ReSwift"], path: "Sources/ReSwiftRouter"),
    .testTarget(
        name: "ReSwiftRouterTests",
        dependencies: ["ReSwiftRouter", "ReSwift", "TestSupport", "store-deferral-fixture"],
        path: "Tests/ReSwiftRouterTests"
    ),
]

// MARK: - TerminalUI and TestSupport

package.targets += [
    .target(name: "TerminalUI", dependencies: ["InternalReSwiftUtilities"], path: "Support/TerminalUI"),
    .testTarget(
        name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport", "InternalReSwiftUtilities"],
        path: "Tests/TerminalUITests"),
    .target(
        name: "TestSupport",
        dependencies: [
            "ReSwift", "TerminalUI", "InternalReSwiftUtilities", "ArgumentParsing", "HTTPTransport",
        ],
        path: "Tests/TestSupport"),
    .testTarget(
        name: "TestSupportTests", dependencies: ["TestSupport", "InternalReSwiftUtilities", "HTTPTransport"],
        path: "Tests/TestSupportTests"),
    .executableTarget(name: "pty-echo-fixture", dependencies: ["TerminalUI"], path: "Tests/Fixtures/PTYEcho"),
]

// MARK: - ArgumentParsing

package.targets += [
    // One command-line grammar for every executable (apps and reswift-bench). Internal: no product.
    .target(
        name: "ArgumentParsing", dependencies: ["InternalReSwiftUtilities"], path: "Support/ArgumentParsing"),
    .testTarget(
        name: "ArgumentParsingTests",
        dependencies: [
            "ArgumentParsing", "TestSupport", "TerminalUI", "MemoryGameApp", "LibraryFinderApp", "TodoApp",
            "ReSwiftBench", "ReSwiftInspect",
        ],
        path: "Tests/ArgumentParsingTests"),
]

// MARK: - HTTPTransport

package.targets += [
    // HTTP GET for the examples, waiting without burning a core (libcurl's easy interface on Linux,
    // loaded at run time by CCurlShim; URLSession elsewhere). Internal: no product.
    .target(
        name: "CCurlShim", path: "Support/CCurlShim",
        linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(
        name: "HTTPTransport", dependencies: ["CCurlShim", "InternalReSwiftUtilities"],
        path: "Support/HTTPTransport"),
    .testTarget(
        name: "HTTPTransportTests", dependencies: ["HTTPTransport", "TestSupport"],
        path: "Tests/HTTPTransportTests"),
]

// MARK: - ReSwiftDiff and ReSwiftDevTools

package.targets += [
    // Structural state diffs, shared by ReSwiftDevTools' logger and ReSwiftTesting. Internal: no product.
    .target(name: "ReSwiftDiff", path: "Sources/ReSwiftDiff"),
    .testTarget(name: "ReSwiftDiffTests", dependencies: ["ReSwiftDiff"], path: "Tests/ReSwiftDiffTests"),
]

package.products += [.library(name: "ReSwiftDevTools", targets: ["ReSwiftDevTools"])]
package.targets += [
    .target(
        name: "ReSwiftDevTools",
        dependencies: ["ReSwift", "ReSwiftDiff", "InternalReSwiftUtilities"],
        path: "Sources/ReSwiftDevTools"
    ),
    .testTarget(
        name: "ReSwiftDevToolsTests",
        dependencies: ["ReSwiftDevTools", "ReSwiftDiff", "ReSwift", "TestSupport", "store-deferral-fixture"],
        path: "Tests/ReSwiftDevToolsTests"
    ),
]

// MARK: - ReSwiftPersistence

package.products += [.library(name: "ReSwiftPersistence", targets: ["ReSwiftPersistence"])]
package.targets += [
    .target(
        name: "ReSwiftPersistence", dependencies: ["ReSwift", "InternalReSwiftUtilities"],
        path: "Sources/ReSwiftPersistence"),
    // Test-only: appends to a persisted list, so tests can run several writer processes at once.
    .executableTarget(
        name: "PersistenceWriter", dependencies: ["ReSwiftPersistence", "ReSwift"],
        path: "Tests/Fixtures/PersistenceWriter"),
    .testTarget(
        name: "ReSwiftPersistenceTests",
        dependencies: ["ReSwiftPersistence", "ReSwift", "TestSupport", "PersistenceWriter"],
        path: "Tests/ReSwiftPersistenceTests"),
]

// MARK: - ReSwiftThunk

package.products += [.library(name: "ReSwiftThunk", targets: ["ReSwiftThunk"])]
package.targets += [
    .target(name: "ReSwiftThunk", dependencies: ["ReSwift"], path: "Sources/ReSwiftThunk"),
    .testTarget(
        name: "ReSwiftThunkTests",
        dependencies: ["ReSwiftThunk", "ReSwift", "ReSwiftDevTools", "ReSwiftTesting", "TestSupport"],
        path: "Tests/ReSwiftThunkTests"
    ),
]

// MARK: - ReSwiftTesting

package.products += [.library(name: "ReSwiftTesting", targets: ["ReSwiftTesting"])]
package.targets += [
    .target(
        name: "ReSwiftTesting",
        dependencies: ["ReSwift", "ReSwiftThunk", "ReSwiftDiff"],
        path: "Sources/ReSwiftTesting"
    ),
    .testTarget(
        name: "ReSwiftTestingTests",
        dependencies: ["ReSwiftTesting", "ReSwiftThunk", "ReSwift", "TestSupport"],
        path: "Tests/ReSwiftTestingTests"
    ),
]

// MARK: - ReSwiftQuery

// Data from a server as state: endpoints declared once, their entries a slice of the app's state,
// every transition an action, and the policy (dedup, freshness, polling, retry, invalidation) in
// middleware that runs its fetches as thunks on the store's effect clock.
package.products += [.library(name: "ReSwiftQuery", targets: ["ReSwiftQuery"])]
package.targets += [
    .target(
        name: "ReSwiftQuery",
        dependencies: ["ReSwift", "ReSwiftThunk", "ReSwiftPersistence", "InternalReSwiftUtilities"],
        path: "Sources/ReSwiftQuery"),
    .testTarget(
        name: "ReSwiftQueryTests",
        dependencies: [
            "ReSwiftQuery", "ReSwift", "ReSwiftThunk", "ReSwiftTesting", "ReSwiftPersistence",
            "ReSwiftDevTools",
            "TestSupport",
        ],
        path: "Tests/ReSwiftQueryTests"),
]

// MARK: - ReSwiftThunkTesting (ReSwift-Thunk's test-helper module name)

// Re-exports `ExpectThunk` from ReSwiftTesting, so tests written for ReSwift-Thunk
// (`import ReSwiftThunkTesting`) compile unchanged.
package.products += [.library(name: "ReSwiftThunkTesting", targets: ["ReSwiftThunkTesting"])]
package.targets += [
    .target(
        name: "ReSwiftThunkTesting", dependencies: ["ReSwiftTesting"], path: "Sources/ReSwiftThunkTesting")
]

// MARK: - Satellite compatibility tests

// Code written for ReSwift-Router (release 0.7.1 and its main branch) and ReSwift-Thunk, in their
// own shape, compiled and run against this package. In Swift 5 language mode, as those packages
// and the code written for them are: ReSwift-Thunk's test hands `dispatch` to a Dispatch queue,
// which Swift 6 mode rejects. (The router's own tests cover both spellings in Swift 6 mode.)
package.targets += [
    .testTarget(
        name: "ReSwiftSatelliteCompatibilityTests",
        dependencies: [
            "ReSwift", "ReSwiftRouter", "ReSwiftThunk", "ReSwiftThunkTesting", "ReSwiftTesting",
            "TestSupport",
        ],
        path: "Tests/ReSwiftSatelliteCompatibilityTests",
        swiftSettings: [.swiftLanguageMode(.v5)]
    )
]

// MARK: - MemoryGame (example app)

// Two targets, so that the compiler keeps the terminal out of the model: MemoryGameModel (state,
// actions, reducers, rules, thunks, the iTunes client, the offline catalog and the settings; no
// TerminalUI) and MemoryGameTerminal (screens, keys, routables, the command line, the store's
// wiring with the inspector).
package.products += [.executable(name: "memory-game", targets: ["MemoryGameApp"])]
package.targets += [
    .target(
        name: "MemoryGameModel",
        dependencies: [
            "ReSwift", "ReSwiftRouter", "ReSwiftThunk", "ReSwiftPersistence", "ReSwiftQuery", "HTTPTransport",
            "ArgumentParsing",
        ],
        path: "Examples/MemoryGame/Model"
    ),
    .target(
        name: "MemoryGameTerminal",
        dependencies: [
            "MemoryGameModel", "ReSwift", "ReSwiftRouter", "ReSwiftThunk", "ReSwiftPersistence", "TerminalUI",
            "HTTPTransport", "ArgumentParsing", "ReSwiftDevTools", "ReSwiftQuery",
        ],
        path: "Examples/MemoryGame/Terminal"
    ),
    .executableTarget(
        name: "MemoryGameApp",
        dependencies: ["MemoryGameTerminal", "ReSwift", "ReSwiftDevTools", "TerminalUI"],
        path: "Examples/MemoryGame/App"),
    .testTarget(
        name: "MemoryGameTests",
        dependencies: [
            "MemoryGameModel", "MemoryGameTerminal", "ReSwift", "ReSwiftRouter", "ReSwiftThunk",
            "ReSwiftPersistence", "TerminalUI", "TestSupport", "ArgumentParsing", "ReSwiftTesting",
            "ReSwiftQuery",
        ],
        path: "Tests/MemoryGameTests"
    ),
]

// MARK: - LibraryFinder (example app)

// Two targets, so that the compiler keeps the terminal out of the model: LibraryFinderModel
// (state, actions, reducers, thunks, the Calil clients and the cache; no TerminalUI) and
// LibraryFinderTerminal (views, keys, the command lines, output formats, the inspector's wiring).
package.products += [.executable(name: "library-finder", targets: ["LibraryFinderApp"])]
package.targets += [
    .target(
        name: "LibraryFinderModel",
        dependencies: [
            "ReSwift", "ReSwiftThunk", "ReSwiftPersistence", "ReSwiftQuery", "HTTPTransport",
            "ArgumentParsing",
        ],
        path: "Examples/LibraryFinder/Model"
    ),
    .target(
        name: "LibraryFinderTerminal",
        dependencies: [
            "LibraryFinderModel", "ReSwift", "ReSwiftThunk", "ReSwiftPersistence", "TerminalUI",
            "HTTPTransport",
            "ArgumentParsing", "ReSwiftDevTools", "ReSwiftQuery",
        ],
        path: "Examples/LibraryFinder/Terminal"
    ),
    .executableTarget(
        name: "LibraryFinderApp",
        dependencies: ["LibraryFinderTerminal", "ReSwift", "ReSwiftDevTools", "TerminalUI"],
        path: "Examples/LibraryFinder/App"
    ),
    .testTarget(
        name: "LibraryFinderTests",
        dependencies: [
            "LibraryFinderModel", "LibraryFinderTerminal", "LibraryFinderApp", "ReSwift", "ReSwiftThunk",
            "ReSwiftPersistence", "TerminalUI", "TestSupport", "ArgumentParsing", "ReSwiftQuery",
            "ReSwiftTesting",
        ],
        path: "Tests/LibraryFinderTests"
    ),
]

// MARK: - Todo (example)

// Two targets, so that the compiler keeps the terminal out of the model: TodoModel (the list,
// the screen's state, actions, reducers, the todo file and its migrations; no TerminalUI) and
// TodoTerminal (views, keys, the command line, the store's wiring with the inspector).
package.products += [.executable(name: "todo", targets: ["TodoApp"])]
package.targets += [
    .target(
        name: "TodoModel",
        dependencies: ["ReSwift", "ReSwiftThunk", "ReSwiftPersistence"],
        path: "Examples/Todo/Model"),
    .target(
        name: "TodoTerminal",
        dependencies: [
            "TodoModel", "ReSwift", "ReSwiftThunk", "ReSwiftPersistence", "TerminalUI", "ArgumentParsing",
            "ReSwiftDevTools",
        ],
        path: "Examples/Todo/Terminal"),
    .executableTarget(
        name: "TodoApp", dependencies: ["TodoTerminal", "ReSwift", "ReSwiftDevTools", "TerminalUI"],
        path: "Examples/Todo/App"),
    .testTarget(
        name: "TodoTests",
        dependencies: [
            "TodoModel", "TodoTerminal", "ReSwift", "ReSwiftDevTools", "ReSwiftThunk", "ReSwiftTesting",
            "ReSwiftPersistence", "TerminalUI", "TestSupport", "ArgumentParsing",
        ],
        path: "Tests/TodoTests"),
]

// MARK: - reswift-inspect (tool)

package.products += [.executable(name: "reswift-inspect", targets: ["ReSwiftInspect"])]
package.targets += [
    .executableTarget(
        name: "ReSwiftInspect",
        dependencies: ["ReSwift", "ReSwiftDevTools", "ReSwiftPersistence", "ArgumentParsing", "TerminalUI"],
        path: "Tools/Inspect"),
    .testTarget(
        name: "InspectTests",
        dependencies: [
            "ReSwiftInspect", "ReSwiftDevTools", "ReSwift", "TerminalUI", "TestSupport", "TodoApp",
        ],
        path: "Tests/InspectTests"),
]

// MARK: - Documentation

package.targets += [
    // Every ```swift block of README.md and of the DocC catalogs, compiled as written (top level and
    // in a function) against the modules below; it imports none of them itself.
    .testTarget(
        name: "DocumentationTests",
        dependencies: [
            "ReSwift", "ReSwiftRouter", "ReSwiftDevTools", "ReSwiftDiff", "ReSwiftPersistence",
            "ReSwiftThunk",
            "ReSwiftTesting", "ReSwiftThunkTesting", "TerminalUI", "ArgumentParsing", "MemoryGameModel",
            "TodoModel", "TestSupport", "ReSwiftQuery",
        ],
        path: "Tests/DocumentationTests", exclude: ["Checks"])
]
