// swift-tools-version:6.0
import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode with strict concurrency.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Wayfinder",
    products: [
        .library(name: "Wayfinder", targets: ["Wayfinder"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "EventModel", targets: ["EventModel"]),
        .library(name: "InputEvents", targets: ["InputEvents"]),
        .library(name: "InputRecording", targets: ["InputRecording"]),
        .library(name: "FileAccess", targets: ["FileAccess"]),
        .library(name: "InputDevices", targets: ["InputDevices"]),
        .library(name: "Classification", targets: ["Classification"]),
        .library(name: "Interactions", targets: ["Interactions"]),
        .library(name: "FocusEngine", targets: ["FocusEngine"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "Accessibility", targets: ["Accessibility"]),
        // For the tests of applications built on Wayfinder: scripted devices, a harness, golden streams.
        .library(name: "WayfinderTesting", targets: ["WayfinderTesting"]),
        .executable(name: "wayfinder", targets: ["wayfinder"]),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        // The C D-Bus library the AT-SPI2 registry itself uses, for the accessibility bus.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // What Swift cannot import from the kernel headers.
        .target(name: "CLinuxInput"),

        .target(name: "Geometry", swiftSettings: strictSettings),
        .target(name: "InputEvents", swiftSettings: strictSettings),
        .target(name: "EventModel", dependencies: ["Geometry", "InputEvents"], swiftSettings: strictSettings),
        // Opening, reading and writing files with clear errors (stdlib and Glibc only).
        .target(name: "FileAccess", swiftSettings: strictSettings),
        .target(
            name: "InputRecording",
            dependencies: ["InputEvents", "CYAML", "FileAccess"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "InputDevices",
            dependencies: ["InputEvents", "CEvdev", "CUdev", "CLinuxInput"],
            swiftSettings: strictSettings
        ),
        .target(name: "DeviceProfiles", dependencies: ["InputEvents"], swiftSettings: strictSettings),
        .target(
            name: "Classification",
            dependencies: ["EventModel", "Geometry", "InputEvents", "DeviceProfiles", "CXKBCommon"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "Interactions",
            dependencies: ["Classification", "EventModel", "Geometry", "InputEvents"],
            swiftSettings: strictSettings
        ),
        .target(name: "Scenes", dependencies: ["FileAccess", "FocusEngine", "Geometry"], swiftSettings: strictSettings),
        .target(
            name: "FocusEngine", dependencies: ["EventModel", "Geometry", "InputEvents"], swiftSettings: strictSettings),
        // A tree of accessible elements on the AT-SPI2 accessibility bus, for screen readers.
        .target(name: "Accessibility", dependencies: ["CDBus", "Geometry"], swiftSettings: strictSettings),
        .target(
            name: "Wayfinder",
            dependencies: [
                "EventModel", "Geometry", "InputEvents", "InputRecording", "InputDevices", "DeviceProfiles",
                "Classification", "Interactions", "FocusEngine", "Scenes", "Accessibility", "FileAccess",
            ],
            resources: [.copy("Resources")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "wayfinder",
            dependencies: [
                "Wayfinder", "EventModel", "Geometry", "InputEvents", "InputRecording", "InputDevices",
                "DeviceProfiles", "Classification", "Interactions", "FocusEngine", "Scenes", "FileAccess",
                "Accessibility",
            ],
            // Manual pages and completions generated from the option tables (Scripts/install).
            exclude: ["Generated"],
            swiftSettings: strictSettings
        ),
        // Benchmarks: the allocation counter defines malloc and friends, so it is linked into the
        // benchmark executable only.
        .target(name: "CAllocationCounter", path: "Benchmarks/CAllocationCounter"),
        // The C code each benchmark row is compared with (read(2), libevemu, libyaml, a linear
        // FocusFinder scan); libevemu is linked by the benchmarks only.
        .systemLibrary(
            name: "CEvemu",
            path: "Benchmarks/CEvemu",
            pkgConfig: "evemu",
            providers: [.apt(["libevemu-dev"])]
        ),
        .target(name: "CBaselines", dependencies: ["CEvemu", "CYAML"], path: "Benchmarks/CBaselines"),
        .executableTarget(
            name: "wayfinder-benchmarks",
            dependencies: [
                "CAllocationCounter", "CBaselines", "Classification", "EventModel", "FocusEngine", "Geometry",
                "InputEvents", "InputRecording", "Scenes", "Wayfinder", "WayfinderTestSupport",
            ],
            path: "Benchmarks/wayfinder-benchmarks",
            swiftSettings: strictSettings
        ),
        .target(
            name: "WayfinderTesting",
            dependencies: [
                "Classification", "EventModel", "FileAccess", "FocusEngine", "Geometry", "InputEvents", "Interactions",
                "Scenes", "Wayfinder",
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "WayfinderTestSupport",
            dependencies: ["Geometry", "InputEvents", "InputRecording", "Scenes", "WayfinderTesting"],
            swiftSettings: strictSettings
        ),

        .testTarget(
            name: "InputEventsTests",
            dependencies: ["InputEvents", "CEvdev", "WayfinderTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess"], swiftSettings: strictSettings),
        .testTarget(
            name: "EventModelTests",
            dependencies: ["EventModel", "Geometry", "InputEvents"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "InputRecordingTests",
            dependencies: ["InputRecording", "InputEvents", "WayfinderTestSupport", "FileAccess", "CXKBCommon"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "InputDevicesTests",
            dependencies: ["InputDevices", "InputEvents", "WayfinderTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ClassificationTests",
            dependencies: [
                "Classification", "DeviceProfiles", "EventModel", "Geometry", "InputEvents", "InputRecording",
                "WayfinderTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "InteractionsTests",
            dependencies: [
                "Interactions", "Classification", "EventModel", "Geometry", "InputEvents", "InputRecording",
                "Wayfinder",
                "WayfinderTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FocusEngineTests",
            dependencies: ["FocusEngine", "EventModel", "Geometry", "Scenes", "Wayfinder", "WayfinderTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WayfinderTests",
            dependencies: [
                "Wayfinder", "Classification", "EventModel", "FocusEngine", "Geometry", "InputEvents", "InputRecording",
                "Interactions", "Scenes", "WayfinderTestSupport", "WayfinderTesting",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ReadmeTests",
            dependencies: ["Wayfinder", "Geometry", "InputRecording", "Scenes", "WayfinderTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AccessibilityTests",
            dependencies: [
                "Accessibility", "CDBus", "Geometry", "Wayfinder", "FocusEngine", "Scenes", "EventModel", "InputEvents",
                "InputDevices", "WayfinderTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CommandLineTests",
            dependencies: [
                "wayfinder", "EventModel", "WayfinderTestSupport", "InputRecording", "InputEvents", "InputDevices",
                "FileAccess", "Classification",
                // The terminal views are compared with what the renderer draws for the same scene.
                "Wayfinder", "Scenes", "FocusEngine",
                // What a screen reader sees is compared with the scene's frames.
                "Geometry",
            ],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
