import Classification
import InputEvents
import Testing
import Wayfinder
import WayfinderTestSupport

@Suite struct ClassifiedStreamTests {
    private let origin = Timestamp(microseconds: 10_000_000)

    private func json(_ event: ClassifiedEvent, after microseconds: Int64 = 250_000) -> String {
        let line = ClassifiedStreamLine(
            time: Timestamp(microseconds: origin.microseconds + microseconds),
            device: "Pad \"1\"",
            content: .input(event)
        )
        return ClassifiedStream.jsonLine(line, origin: origin)
    }

    @Test func keysPrintKernelNamesAndModifiers() {
        let event = ClassifiedEvent.key(code: .leftControl, state: .repeat, modifiers: [.control, .shift], text: nil)
        #expect(
            json(event)
                == #"{"time":0.25,"device":"Pad \"1\"","type":"key","key":"KEY_LEFTCTRL","state":"repeat","modifiers":["shift","ctrl"]}"#
        )
        let text = ClassifiedEvent.key(code: KeyCode(rawValue: 30), state: .down, modifiers: [], text: "a")
        #expect(
            json(text)
                == #"{"time":0.25,"device":"Pad \"1\"","type":"key","key":"KEY_A","state":"down","modifiers":[],"text":"a"}"#
        )
    }

    @Test func keysPrintTheirKeysymWhenKnown() {
        let line = ClassifiedStreamLine(
            time: origin,
            device: "Keys",
            content: .input(.key(code: KeyCode(rawValue: 21), state: .down, modifiers: [], text: "z")),
            keysym: KeySymbol(rawValue: 0x7a, name: "z")
        )
        #expect(
            ClassifiedStream.jsonLine(line, origin: origin)
                == #"{"time":0,"device":"Keys","type":"key","key":"KEY_Y","state":"down","modifiers":[],"text":"z","keysym":"z"}"#
        )
    }

    @Test func buttonsPrintTriggerAndPhysicalCode() {
        let areas = ClassifiedEvent.button(.secondary, state: .down, trigger: .buttonArea, code: .leftButton)
        #expect(
            json(areas)
                == #"{"time":0.25,"device":"Pad \"1\"","type":"button","button":"secondary","state":"down","trigger":"buttonArea","code":"BTN_LEFT"}"#
        )
        let tap = ClassifiedEvent.button(.secondary, state: .up, trigger: .tap, code: nil)
        #expect(
            json(tap)
                == #"{"time":0.25,"device":"Pad \"1\"","type":"button","button":"secondary","state":"up","trigger":"tap"}"#
        )
    }

    @Test func scrollsPrintSourceDeltasAndV120OrPhase() {
        let wheel = ClassifiedEvent.scroll(
            source: .discrete,
            delta: Vector(x: 0, y: -10),
            v120: Vector(x: 0, y: -120),
            phase: nil,
            velocity: nil
        )
        #expect(
            json(wheel)
                == #"{"time":0.25,"device":"Pad \"1\"","type":"scroll","source":"discrete","dx":0,"dy":-10,"v120x":0,"v120y":-120}"#
        )
        let ended = ClassifiedEvent.scroll(
            source: .continuous, delta: .zero, v120: nil, phase: .ended, velocity: Vector(x: 0, y: 50))
        let text = json(ended)
        #expect(text.contains(#""type":"scroll","source":"continuous""#))
        #expect(text.contains(#""phase":"ended""#))
        #expect(!text.contains("v120"))
    }

    @Test func pointerLongPressHasNullPosition() {
        let event = ClassifiedEvent.longPress(phase: .began, touchType: .indirectPointer, position: nil)
        #expect(
            json(event)
                == #"{"time":0.25,"device":"Pad \"1\"","type":"longPress","phase":"began","touchType":"indirectPointer","x":null,"y":null}"#
        )
    }

    @Test func humanLinesNameTimeDeviceAndEvent() {
        let line = ClassifiedStreamLine(
            time: Timestamp(microseconds: origin.microseconds + 1_068_800),
            device: "Mouse",
            content: .input(
                .scroll(
                    source: .discrete, delta: Vector(x: 0, y: -10), v120: Vector(x: 0, y: -120), phase: nil,
                    velocity: nil))
        )
        #expect(
            ClassifiedStream.humanLine(line, origin: origin)
                == "  1.068800  Mouse  scroll discrete dx 0.00 dy -10.00 (v120 0.0 -120.0)"
        )
    }

    @Test func replayMergesDevicesInTimeOrderAndReleasesHeldButtons() throws {
        var mouse = InputScript(device: ScriptedDevice.mouse(name: "Mouse"), start: Timestamp(microseconds: 1_000_000))
        mouse.key(.leftButton, 1)
        mouse.wait(.milliseconds(20))
        mouse.move(dx: 1, dy: 0)
        var keyboard = InputScript(
            device: ScriptedDevice.keyboard(name: "Keys"), start: Timestamp(microseconds: 1_010_000))
        keyboard.key(.enter, 1)
        keyboard.wait(.milliseconds(5))
        keyboard.key(.enter, 0)
        let lines = try ClassifiedStream.replay([
            (mouse.device, mouse.frames),
            (keyboard.device, keyboard.frames),
        ])
        let origin = ClassifiedStream.origin(of: [mouse.frames, keyboard.frames])
        #expect(origin == Timestamp(microseconds: 1_000_000))
        let described = lines.map {
            "\($0.device) \(($0.time - origin).wholeMicroseconds) \($0.isMotion ? "motion" : "")"
        }
        #expect(
            described == [
                "Mouse 0 ", "Mouse 0 ", "Keys 10000 ", "Keys 10000 ", "Keys 15000 ", "Keys 15000 ",
                "Mouse 20000 motion",
                "Mouse 20000 ", "Mouse 20000 ",
            ]
        )
        #expect(lines.first?.content == .device(.added, kind: .mouse))
        #expect(lines[7].content == .input(.button(.primary, state: .up, trigger: .button, code: .leftButton)))
        #expect(lines[8].content == .device(.removed, kind: .mouse))
    }
}
