// swift-tools-version:6.0
import PackageDescription

// An application's own package, testing its interactions with Wayfinder as any user would: the
// Wayfinder package is a dependency (here by path, from the repository), and the tests use its
// WayfinderTesting library.
let package = Package(
    name: "PhotoBrowser",
    dependencies: [.package(name: "Wayfinder", path: "../..")],
    targets: [
        .target(
            name: "PhotoBrowser",
            dependencies: [
                .product(name: "Scenes", package: "Wayfinder"),
                .product(name: "Geometry", package: "Wayfinder"),
                .product(name: "FocusEngine", package: "Wayfinder"),
            ]
        ),
        .testTarget(
            name: "PhotoBrowserTests",
            dependencies: [
                "PhotoBrowser",
                .product(name: "WayfinderTesting", package: "Wayfinder"),
                .product(name: "Wayfinder", package: "Wayfinder"),
                .product(name: "Scenes", package: "Wayfinder"),
                .product(name: "Geometry", package: "Wayfinder"),
                .product(name: "InputEvents", package: "Wayfinder"),
            ],
            // Golden streams, read by the tests from the package's folder.
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
