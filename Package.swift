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

// MARK: - Todo (example)

package.targets += [
    .target(name: "TodoCore", dependencies: ["ReSwift"], path: "Examples/Todo/Core"),
    .testTarget(name: "TodoTests", dependencies: ["TodoCore"], path: "Tests/TodoTests"),
]
