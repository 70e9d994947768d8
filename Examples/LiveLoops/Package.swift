// swift-tools-version:6.0
import PackageDescription

// Two small applications that embed Wayfinder's live input, each in a loop of its own: one
// waits with Dispatch sources on the main queue, one with async/await. Given recordings, they
// play them at their pace through a timer descriptor, as devices would arrive; given none, they
// open the attached devices.
let package = Package(
    name: "LiveLoops",
    dependencies: [.package(name: "Wayfinder", path: "../..")],
    targets: [
        .executableTarget(
            name: "DispatchLoop",
            dependencies: [
                .product(name: "Wayfinder", package: "Wayfinder"),
                .product(name: "Scenes", package: "Wayfinder"),
                .product(name: "EventModel", package: "Wayfinder"),
                .product(name: "InputEvents", package: "Wayfinder"),
            ]
        ),
        .executableTarget(
            name: "AsyncLoop",
            dependencies: [
                .product(name: "Wayfinder", package: "Wayfinder"),
                .product(name: "Scenes", package: "Wayfinder"),
                .product(name: "EventModel", package: "Wayfinder"),
                .product(name: "InputEvents", package: "Wayfinder"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
