import Foundation
import Testing
import WayfinderTestSupport

/// The options around the JSON lines stream: `--stream-version 1` for the previous contract, and
/// `--why` with `--json`.
@Suite struct StreamOptionsTests {
    static let resources = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources")

    static func recording(_ path: String) -> String {
        resources.appendingPathComponent("Recordings/" + path).path
    }

    /// Version 1 is kept for one release, exactly as it was printed: the contract's own example
    /// of version 1 (a two-finger scroll on the demo's scene, the pan against the scroll's sign),
    /// and a wheel detent of 10 points.
    @Test func versionOneStaysAvailable() throws {
        let scroll = try WayfinderProcess.run([
            "replay", "--json", "--stream-version", "1", "--scene",
            Self.resources.appendingPathComponent("Demo/demo-scene.json").path,
            Self.recording("touchpad/xit_synaptics-clickpad.two-finger-scroll-down.events"), "--desc",
            Self.recording("touchpad/xit_synaptics-clickpad.desc"),
        ])
        #expect(scroll.exitCode == 0, "\(scroll.standardError)")
        #expect(
            Array(scroll.outputLines.prefix(6)) == [
                #"{"time":0.00002,"device":"SynPS/2 Synaptics TouchPad","deviceID":"0:0","version":1,"type":"device","state":"added","kind":"clickpad"}"#,
                #"{"time":0.04002,"device":"SynPS/2 Synaptics TouchPad","deviceID":"0:0","version":1,"type":"hold","phase":"began","fingers":2,"touchType":"indirectPointer","target":"photo-6"}"#,
                #"{"time":0.395098,"device":"SynPS/2 Synaptics TouchPad","deviceID":"0:0","version":1,"type":"hold","phase":"cancelled","fingers":2,"touchType":"indirectPointer","target":"photo-6"}"#,
                #"{"time":0.42834,"device":"SynPS/2 Synaptics TouchPad","deviceID":"0:0","version":1,"type":"scroll","source":"continuous","dx":0,"dy":8.91007,"phase":"began","target":"grid"}"#,
                #"{"time":0.42834,"device":"SynPS/2 Synaptics TouchPad","deviceID":"0:0","version":1,"type":"contentOffset","item":"grid","x":0,"y":8.91007}"#,
                #"{"time":0.42834,"device":"SynPS/2 Synaptics TouchPad","deviceID":"0:0","version":1,"type":"action","item":"grid","name":"pan","phase":"began","dx":0,"dy":-8.91007}"#,
            ])
        let wheel = try WayfinderProcess.run([
            "replay", "--json", "--stream-version", "1",
            Self.recording("mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu"),
        ])
        #expect(
            wheel.outputLines.first { $0.contains(#""type":"scroll""#) }
                == #"{"time":1.068833,"device":"Ultrathin Touch Mouse","deviceID":"0:0","version":1,"type":"scroll","#
                + #""source":"discrete","dx":0,"dy":-10,"v120x":0,"v120y":-120}"#)
        let raw = try WayfinderProcess.run([
            "replay", "--raw", "--json", "--stream-version", "1",
            Self.recording("mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu"),
        ])
        #expect(
            raw.outputLines.first
                == #"{"time":0,"device":"Ultrathin Touch Mouse","deviceID":"0:0","events":[[2,0,8],[2,1,-13],[0,0,0]]}"#
        )
    }

    /// A wheel's `dy` is what the scroll view moves whatever the settings: with a scroll factor
    /// of 2 (and natural scrolling, so that the first notches scroll down from the top), a detent
    /// scrolls 80 points and the content moves 80.
    @Test func aScrollFactorMovesTheScrollViewAsFarAsTheStreamSays() throws {
        let outcome = try WayfinderProcess.run([
            "replay", "--json", "--scroll-factor", "2", "--natural-scrolling", "--scene",
            Fixtures.packageRoot.appendingPathComponent("Tests/Fixtures/scenes/units.scene.json").path,
            Self.recording("mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu"),
        ])
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let source = #""device":"Ultrathin Touch Mouse","deviceID":"0:0","version":2"#
        #expect(
            Array(outcome.outputLines.filter { !$0.contains(#""type":"action""#) }.dropFirst().prefix(4)) == [
                #"{"time":1.068833,\#(source),"type":"scroll","source":"discrete","dx":0,"dy":80,"v120x":0,"#
                    + #""v120y":120,"target":"page"}"#,
                #"{"time":1.068833,\#(source),"type":"contentOffset","item":"page","x":0,"y":80}"#,
                #"{"time":1.091331,\#(source),"type":"scroll","source":"discrete","dx":0,"dy":80,"v120x":0,"#
                    + #""v120y":120,"target":"page"}"#,
                #"{"time":1.091331,\#(source),"type":"contentOffset","item":"page","x":0,"y":160}"#,
            ])
    }

    @Test func anUnknownVersionIsAUsageError() throws {
        let outcome = try WayfinderProcess.run(
            ["replay", "--json", "--stream-version", "3", Self.recording("touchpad/xit_synaptics-clickpad.tap.events")])
        #expect(outcome.exitCode == 64)
        #expect(outcome.errorLines.first == "Error: '--stream-version' must be 1 or 2, not '3'")
    }

    /// With `--json`, `--why` explanations are lines of the stream, in order with the events.
    @Test func whyLinesAreJSONLinesWithJSON() throws {
        let outcome = try WayfinderProcess.run([
            "replay", "--why", "--json", Self.recording("touchpad/evemu-devices_alps-glidepoint.single-tap.evemu"),
        ])
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let source = #""device":"AlpsPS/2 ALPS GlidePoint","deviceID":"0:0","version":2"#
        #expect(
            outcome.outputLines == [
                #"{"time":0,\#(source),"type":"device","state":"added","kind":"touchpad","bus":17,"vendor":2,"product":8,"#
                    + #""productVersion":768,"physicalPath":null,"stableID":"0002:0008","clock":"replay","width":69,"#
                    + #""height":50,"settings":{"tapToClick":false,"tapAndDrag":true,"dragLock":"off","clickMethod":"areas","#
                    + #""naturalScrolling":false,"leftHanded":false,"middleButtonEmulation":false,"disableWhileTyping":true,"#
                    + #""disableWhileTrackpointing":true,"scrollMethod":"two-finger","accelProfile":"adaptive","accelSpeed":0,"#
                    + #""scrollFactor":1,"threeFingerDrag":"off"}}"#,
                #"{"time":0.071484,\#(source),"type":"why","text":"1-finger tap did not click: tap-to-click is off "#
                    + #"(the default on a pad with a physical button)"}"#,
                #"{"time":0.071484,\#(source),"type":"tap","fingers":1,"touchType":"indirectPointer"}"#,
                #"{"time":0.071484,\#(source),"type":"device","state":"removed","kind":"touchpad"}"#,
            ])
    }
}
