// swift-tools-version:6.0
//
// One package: the ReSwift library modules, the example apps built with them, and the benchmark.
// Each module's block below declares its products and targets; see DESIGN.md for the layers.

import PackageDescription

let package = Package(
    name: "ReSwift",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [],
    targets: []
)

// MARK: - ReSwift (core)

package.products += [.library(name: "ReSwift", targets: ["ReSwift"])]
package.targets += [
    .target(name: "ReSwift", path: "Sources/ReSwift"),
    .testTarget(name: "ReSwiftTests", dependencies: ["ReSwift"], path: "Tests/ReSwiftTests"),
]

// MARK: - Benchmark

package.products += [.executable(name: "reswift-bench", targets: ["ReSwiftBench"])]
package.targets += [
    .executableTarget(
        name: "ReSwiftBench", dependencies: ["ReSwift", "CMallocStats"], path: "Benchmarks/ReSwiftBench"),
    .target(name: "CMallocStats", path: "Benchmarks/CMallocStats"),
]

// MARK: - ReSwiftRouter

package.products += [.library(name: "ReSwiftRouter", targets: ["ReSwiftRouter"])]
package.targets += [
    .target(name: "ReSwiftRouter", dependencies: ["ReSwift"], path: "Sources/ReSwiftRouter"),
    .testTarget(
        name: "ReSwiftRouterTests",
        dependencies: ["ReSwiftRouter", "ReSwift"],
        path: "Tests/ReSwiftRouterTests"
    ),
]

// MARK: - MemoryGame (example app)

package.targets += [
    .target(
        name: "MemoryGameCore", dependencies: ["ReSwift", "ReSwiftRouter"], path: "Examples/MemoryGame/Core"),
    .testTarget(
        name: "MemoryGameTests", dependencies: ["MemoryGameCore", "ReSwift", "ReSwiftRouter"],
        path: "Tests/MemoryGameTests"),
]
