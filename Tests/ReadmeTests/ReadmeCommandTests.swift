import Foundation
import InputRecording
import Testing
import WayfinderTestSupport

/// Every command in the README's `sh` blocks, exactly as printed: each is either run here, after
/// `Scripts/install` into a temporary prefix whose `bin` is first in `PATH`, in a directory
/// holding the files the README's examples name (`my-scene.json`, `pad.events`, …), or listed
/// with the reason it cannot run in a test.
@Suite struct ReadmeCommandTests {
    /// How the test treats one README command.
    enum Treatment: Equatable {
        /// Run with bash; it must exit 0.
        case run
        /// Run as `Scripts/install --binary` (the debug build) into the temporary prefix, which
        /// every command run afterwards uses.
        case installs
        /// Not run, for this reason.
        case notRun(String)
    }

    static let building = "builds in release mode for minutes; Scripts/test builds and tests the same"
    static let live = "reads live devices until Ctrl-C; Tests/Hardware runs the tool on devices in a VM"
    static let terminal = "draws in a terminal until q; LiveSceneViewTests drive it in a pseudo-terminal"
    static let system = "changes the system (udev rules, groups) as root; UdevRuleScriptTests run it in a sandbox"

    /// Every command of the README's `sh` blocks, in order, with its treatment.
    static let commands: [(String, Treatment)] = [
        ("Scripts/wayfinder demo", .notRun(building)),
        ("Scripts/test", .notRun("runs every test, this one included")),
        ("Scripts/install", .installs),
        ("PREFIX=$HOME/.local Scripts/install", .notRun("the same script as the run above, into the home directory")),
        (
            "DESTDIR=/tmp/stage PREFIX=/usr Scripts/install",
            .notRun("InstallScriptTests run it with DESTDIR and PREFIX")
        ),
        ("swift build -c release", .notRun(building)),
        (".build/release/wayfinder bench", .notRun(building)),
        ("Scripts/benchmark-allocations", .notRun(building)),
        ("Scripts/install", .installs),
        ("Scripts/install-udev-rule", .notRun(system)),
        ("wayfinder devices", .run),
        ("wayfinder run --scene \"$(wayfinder demo --print-scene-path)\"", .notRun(live)),
        (
            "wayfinder run --scene \"$(wayfinder demo --print-scene-path)\" --tap-to-click --natural-scrolling "
                + "--left-handed", .notRun(live)
        ),
        (
            "wayfinder report Sources/Wayfinder/Resources/Recordings/touchpad/evemu-devices_alps-glidepoint.single-tap.evemu "
                + "-o tap.html", .run
        ),
        ("wayfinder report --scene Sources/Wayfinder/Resources/Demo/demo-scene.json -o scene.html", .run),
        ("wayfinder report --demo -o demo.html", .run),
        ("wayfinder demo", .run),
        ("wayfinder run --scene my-scene.json", .notRun(live)),
        ("wayfinder run --json --grab", .notRun(live)),
        ("wayfinder run --device /dev/input/event5 --device \"Logitech USB Receiver Mouse\" --plain", .notRun(live)),
        ("wayfinder demo --scene my-scene.json session.evemu pad.events --desc pad.desc", .run),
        ("wayfinder replay session.evemu --scene my-scene.json --json", .run),
        ("wayfinder replay pad.events --desc pad.desc kbd.evemu --scene my-scene.json --realtime", .run),
        ("wayfinder explore --scene my-scene.json", .notRun(terminal)),
        ("wayfinder explore --scene my-scene.json --fka", .notRun(terminal)),
        ("wayfinder explore --scene my-scene.json --accessibility", .notRun(terminal)),
        (
            "wayfinder replay session.yml --scene my-scene.json --expect session.golden.jsonl --update-expectations",
            .run
        ),
        ("wayfinder replay session.yml --scene my-scene.json --expect session.golden.jsonl", .run),
        ("wayfinder devices --json", .run),
        ("wayfinder record -o session.yml --format libinput", .notRun(live)),
        ("wayfinder record --show-keycodes /dev/input/event3", .notRun(live)),
        ("wayfinder replay --raw --json pad.events --desc pad.desc", .run),
        ("wayfinder replay --json mouse.evemu", .run),
        ("wayfinder replay --tap-to-click --click-method fingers pad.evemu", .run),
        ("wayfinder replay --why --natural-scrolling pad.evemu", .run),
        ("wayfinder convert pad.events --desc pad.desc pad.yml", .run),
        ("wayfinder navigate --scene scene.json --keys \"Tab Tab Down Return\" --search proximity --json", .run),
        ("wayfinder navigate --scene scene.json --debug focusability photo-3", .run),
        ("wayfinder navigate --scene scene.json --debug loop", .run),
        ("Scripts/documentation", .notRun("DocumentationSiteTests build the site with docc")),
        ("python3 -m http.server --directory .build/documentation", .notRun("serves until stopped")),
        ("Scripts/install-udev-rule", .notRun(system)),
        ("Scripts/install-udev-rule --group --user ada --dry-run", .notRun(system)),
    ]

    /// The commands of the README's `sh` blocks: lines joined where they end in `\`, comments
    /// and the spaces before them left out.
    static func readmeCommands() throws -> [String] {
        let text = try String(contentsOf: ReadmeTests.readme, encoding: .utf8)
        var commands: [String] = []
        var inBlock = false
        var pending = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```sh" {
                inBlock = true
                continue
            }
            if line == "```" {
                inBlock = false
                continue
            }
            guard inBlock else { continue }
            var command = String(line)
            if let comment = command.range(of: "  #") ?? command.range(of: "\t#") {
                command = String(command[..<comment.lowerBound])
            }
            command = command.trimmingCharacters(in: .whitespaces)
            if command.hasPrefix("#") { continue }
            if command.hasSuffix("\\") {
                pending += command.dropLast().trimmingCharacters(in: .whitespaces) + " "
                continue
            }
            command = pending + command
            pending = ""
            if !command.isEmpty { commands.append(command) }
        }
        return commands
    }

    @Test func theReadmesCommandsAreTheOnesRun() throws {
        #expect(try Self.readmeCommands() == Self.commands.map(\.0))
    }

    /// Runs a shell command line in a directory; its output goes to files, so that nothing can
    /// fill a pipe.
    static func shell(_ command: String, in directory: URL, path: String) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = path
        process.environment = environment
        let output = directory.appendingPathComponent(".output")
        let errors = directory.appendingPathComponent(".errors")
        try Data().write(to: output)
        try Data().write(to: errors)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: errors, encoding: .utf8))
    }

    /// The built `wayfinder`, beside the running test bundle (or in `.build/debug`).
    static func builtExecutable() throws -> URL {
        var candidates: [URL] = []
        if let bundle = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(
                URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("wayfinder"))
        }
        candidates.append(Fixtures.packageRoot.appendingPathComponent(".build/debug/wayfinder"))
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
    }

    @Test func everyCommandRunsAsPrintedAfterInstallingIntoATemporaryPrefix() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        let prefix = root.appendingPathComponent("prefix")
        let work = root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        // The files the examples name, and the checkout's Sources for the bundled paths.
        let resources = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources")
        let copies = [
            ("my-scene.json", "Demo/demo-scene.json"), ("scene.json", "Demo/demo-scene.json"),
            ("session.evemu", "Demo/demo-keyboard.evemu"), ("kbd.evemu", "Demo/demo-keyboard.evemu"),
            ("pad.events", "Recordings/touchpad/xit_synaptics-clickpad.two-finger-scroll-down.events"),
            ("pad.desc", "Recordings/touchpad/xit_synaptics-clickpad.desc"),
            ("pad.evemu", "Recordings/touchpad/evemu-devices_bcm5974-apple.three-finger-click.evemu"),
            ("mouse.evemu", "Recordings/mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu"),
        ]
        for (name, source) in copies {
            try FileManager.default.copyItem(
                at: resources.appendingPathComponent(source), to: work.appendingPathComponent(name))
        }
        try Recording.load(
            contentsOf: Fixtures.recording("touchpad/xit_synaptics-clickpad.right-phys-click.events"),
            descriptionURL: Fixtures.recording("touchpad/xit_synaptics-clickpad.desc")
        ).write(to: work.appendingPathComponent("session.yml"), format: .libinputRecord)
        try FileManager.default.createSymbolicLink(
            at: work.appendingPathComponent("Sources"),
            withDestinationURL: Fixtures.packageRoot.appendingPathComponent("Sources"))

        let path = prefix.appendingPathComponent("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let binary = try Self.builtExecutable().path
        for (command, treatment) in Self.commands {
            switch treatment {
            case .notRun: continue
            case .installs:
                let install = "PREFIX=\(prefix.path) \(Fixtures.packageRoot.path)/\(command) --binary \(binary)"
                let outcome = try Self.shell(install, in: work, path: path)
                #expect(outcome.status == 0, "\(command): \(outcome.errors)")
            case .run:
                let outcome = try Self.shell(command, in: work, path: path)
                #expect(outcome.status == 0, "\(command): \(outcome.errors)")
            }
        }
        // The installed tool ran them, and they wrote what they say.
        let which = try Self.shell("command -v wayfinder > which.txt", in: work, path: path)
        #expect(which.status == 0)
        #expect(
            try String(contentsOf: work.appendingPathComponent("which.txt"), encoding: .utf8)
                == prefix.appendingPathComponent("bin/wayfinder").path + "\n")
        for file in ["tap.html", "scene.html", "demo.html", "session.golden.jsonl", "pad.yml"] {
            #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent(file).path), "\(file)")
        }
    }
}
