import EventModel
import Geometry
import InputEvents
import Testing

/// The stream's one encoder: every payload as a JSON line and a text line, exactly.
@Suite struct EventEncodingTests {
    static let origin = Timestamp(microseconds: 10_000_000)
    static let pad = DeviceInstance(id: DeviceID(rawValue: 0), name: "Pad \"1\"", source: "0:0")

    private func json(
        _ payload: EventPayload, after microseconds: Int64 = 250_000, version: StreamVersion = .current
    ) -> String? {
        WayfinderEvent(time: Self.origin + .microseconds(microseconds), device: Self.pad, payload: payload)
            .jsonLine(origin: Self.origin, includeMotion: true, version: version)
    }

    private func text(_ payload: EventPayload, after microseconds: Int64 = 1_068_800) -> String? {
        WayfinderEvent(time: Self.origin + .microseconds(microseconds), device: Self.pad, payload: payload)
            .textLine(origin: Self.origin, includeMotion: true)
    }

    private let head = #"{"time":0.25,"device":"Pad \"1\"","deviceID":"0:0","version":2,"#
    /// The same under `--stream-version 1`.
    private let headOne = #"{"time":0.25,"device":"Pad \"1\"","deviceID":"0:0","version":1,"#

    @Test func keysPrintKernelNamesModifiersTextAndKeysym() {
        #expect(
            json(
                .input(
                    .key(code: .leftControl, state: .repeat, modifiers: [.control, .shift], keysym: nil, text: nil),
                    target: nil))
                == head + #""type":"key","key":"KEY_LEFTCTRL","state":"repeat","modifiers":["shift","ctrl"]}"#)
        let z = KeySymbol(rawValue: 0x7A, name: "z", character: "z")
        #expect(
            json(
                .input(
                    .key(code: KeyCode(rawValue: 21), state: .down, modifiers: [], keysym: z, text: "z"),
                    target: "search"))
                == head
                + #""type":"key","key":"KEY_Y","state":"down","modifiers":[],"text":"z","keysym":"z","target":"search"}"#
        )
        #expect(
            text(
                .input(
                    .key(code: KeyCode(rawValue: 21), state: .down, modifiers: [.shift], keysym: z, text: "Z"),
                    target: nil))
                == #"  1.068800  Pad "1"  key KEY_Y down [shift] "Z""#)
    }

    @Test func buttonsPrintTriggerAndPhysicalCode() {
        #expect(
            json(.input(.button(.secondary, state: .down, trigger: .buttonArea, code: .leftButton), target: "photo-1"))
                == head
                + #""type":"button","button":"secondary","state":"down","trigger":"buttonArea","code":"BTN_LEFT","target":"photo-1"}"#
        )
        #expect(
            json(.input(.button(.secondary, state: .up, trigger: .tap, code: nil), target: nil))
                == head + #""type":"button","button":"secondary","state":"up","trigger":"tap"}"#)
        #expect(
            text(.input(.button(.secondary, state: .up, trigger: .tap, code: nil), target: "photo-1"))
                == #"  1.068800  Pad "1"  button secondary up by tap → photo-1"#)
    }

    @Test func scrollsPrintSourceDeltasAndV120OrPhaseAndVelocity() {
        let wheel = EventPayload.input(
            .scroll(
                source: .discrete, delta: Vector(x: 0, y: -40), v120: Vector(x: 0, y: -120), phase: nil, velocity: nil),
            target: nil)
        #expect(
            json(wheel)
                == head + #""type":"scroll","source":"discrete","dx":0,"dy":-40,"v120x":0,"v120y":-120}"#)
        // Version 1 scrolled 10 points a detent, whatever the scroll view moved.
        #expect(
            json(wheel, version: .one)
                == headOne + #""type":"scroll","source":"discrete","dx":0,"dy":-10,"v120x":0,"v120y":-120}"#)
        #expect(text(wheel) == #"  1.068800  Pad "1"  scroll discrete dx 0.00 dy -40.00 (v120 0.0 -120.0)"#)
        let ended = EventPayload.input(
            .scroll(source: .continuous, delta: .zero, v120: nil, phase: .ended, velocity: Vector(x: 0, y: 50)),
            target: "grid")
        #expect(
            json(ended)
                == head
                + #""type":"scroll","source":"continuous","dx":0,"dy":0,"phase":"ended","vx":0,"vy":50,"target":"grid"}"#
        )
        #expect(
            text(ended)
                == #"  1.068800  Pad "1"  scroll continuous ended dx 0.00 dy 0.00 velocity 0.0 50.0 pt/s → grid"#)
    }

    @Test func gesturesPrintPhaseTouchTypeAndPosition() {
        #expect(
            json(.input(.longPress(phase: .began, touchType: .indirectPointer, position: nil), target: nil))
                == head + #""type":"longPress","phase":"began","touchType":"indirectPointer","x":null,"y":null}"#)
        #expect(
            json(.input(.tap(fingers: 2, touchType: .direct, position: Vector(x: 0.5, y: 0.25)), target: nil))
                == head + #""type":"tap","fingers":2,"touchType":"direct","x":0.5,"y":0.25}"#)
        let drag = EventPayload.input(
            .drag(phase: .changed, touchType: .indirectPointer, translation: Vector(x: 3, y: -4.5), position: nil),
            target: "album")
        #expect(
            json(drag)
                == head
                + #""type":"drag","phase":"changed","touchType":"indirectPointer","totalDx":3,"totalDy":-4.5,"#
                + #""target":"album"}"#)
        #expect(
            json(drag, version: .one)
                == headOne
                + #""type":"drag","phase":"changed","touchType":"indirectPointer","dx":3,"dy":-4.5,"target":"album"}"#
        )
        #expect(
            json(.input(.position(Vector(x: 0.5, y: 1), touchType: .direct, isDown: true, contact: 3), target: nil))
                == head + #""type":"position","x":0.5,"y":1,"touchType":"direct","down":true,"contact":3}"#)
    }

    /// A touchscreen finger: a `touch` line, printed without `--motion`; version 1 printed it as
    /// a `position`, only with `--motion`; the text for people leaves it to `--motion`.
    @Test func touchesPrintTheirPhaseWithoutMotion() {
        let down = WayfinderEvent(
            time: Self.origin, device: Self.pad,
            payload: .input(.touch(.down, position: Vector(x: 0.5, y: 0.25), contact: 1), target: "map"))
        #expect(
            down.jsonLine(origin: Self.origin)
                == #"{"time":0,"device":"Pad \"1\"","deviceID":"0:0","version":2,"type":"touch","phase":"down","x":0.5,"#
                + #""y":0.25,"contact":1,"target":"map"}"#)
        #expect(down.jsonLine(origin: Self.origin, version: .one) == nil)
        #expect(
            down.jsonLine(origin: Self.origin, includeMotion: true, version: .one)
                == #"{"time":0,"device":"Pad \"1\"","deviceID":"0:0","version":1,"type":"position","x":0.5,"y":0.25,"#
                + #""touchType":"direct","down":true,"contact":1,"target":"map"}"#)
        #expect(down.textLine(origin: Self.origin) == nil)
        #expect(
            down.textLine(origin: Self.origin, includeMotion: true)
                == #"  0.000000  Pad "1"  touch down 0.5000 0.2500 contact 1 → map"#)
    }

    @Test func multiFingerGesturesPrintTheFieldsOfTheirKind() {
        let pinch = Gesture(
            kind: .pinch, phase: .changed, fingers: 2, touchType: .indirectPointer, delta: Vector(x: 1, y: -2),
            scale: 1.25, rotation: -3.5)
        let swipe = Gesture(
            kind: .swipe, phase: .began, fingers: 3, touchType: .direct, delta: Vector(x: 12, y: 0),
            position: Vector(x: 0.5, y: 0.25))
        let hold = Gesture(kind: .hold, phase: .cancelled, fingers: 4, touchType: .indirectPointer)
        #expect(
            json(.input(.gesture(pinch), target: "map"))
                == head
                + #""type":"pinch","phase":"changed","fingers":2,"touchType":"indirectPointer","dx":1,"dy":-2,"#
                + #""scale":1.25,"rotationChange":-3.5,"target":"map"}"#)
        #expect(
            json(.input(.gesture(pinch), target: "map"), version: .one)
                == headOne
                + #""type":"pinch","phase":"changed","fingers":2,"touchType":"indirectPointer","dx":1,"dy":-2,"#
                + #""scale":1.25,"rotation":-3.5,"target":"map"}"#)
        #expect(
            json(.input(.gesture(swipe), target: nil))
                == head
                + #""type":"swipe","phase":"began","fingers":3,"touchType":"direct","dx":12,"dy":0,"x":0.5,"y":0.25}"#
        )
        #expect(
            json(.input(.gesture(hold), target: nil))
                == head + #""type":"hold","phase":"cancelled","fingers":4,"touchType":"indirectPointer"}"#)
        #expect(
            text(.input(.gesture(pinch), target: "map"))
                == #"  1.068800  Pad "1"  pinch changed 2 fingers dx 1.00 dy -2.00 scale 1.250 rotation -3.5° (indirectPointer) → map"#
        )
        #expect(
            text(.input(.gesture(hold), target: nil))
                == #"  1.068800  Pad "1"  hold cancelled 4 fingers (indirectPointer)"#)
        let event = WayfinderEvent(time: Self.origin, device: Self.pad, payload: .input(.gesture(pinch), target: "map"))
        #expect(event.summary() == "2-finger pinch changed ×1.25 (indirectPointer) on map")
    }

    @Test func focusSelectAndActionLinesFollowTheContract() {
        #expect(
            json(.focus(from: nil, to: "b", heading: .next))
                == head + #""type":"focus","from":null,"to":"b","heading":"next"}"#)
        #expect(json(.select(item: "b")) == head + #""type":"select","item":"b"}"#)
        let menu = ActionEvent(item: "p", name: "contextMenu", trigger: .secondaryClick, actions: ["Share", "Delete"])
        #expect(
            json(.action(menu))
                == head
                + #""type":"action","item":"p","name":"contextMenu","trigger":"secondaryClick","actions":["Share","Delete"]}"#
        )
        let drag = ActionEvent(item: "p", name: "drag", phase: .changed, translation: Vector(x: 3, y: -4.5))
        #expect(
            json(.action(drag)) == head
                + #""type":"action","item":"p","name":"drag","phase":"changed","totalDx":3,"totalDy":-4.5}"#)
        #expect(
            json(.action(drag), version: .one) == headOne
                + #""type":"action","item":"p","name":"drag","phase":"changed","dx":3,"dy":-4.5}"#)
        // A pan's translation follows the fingers; its totals scroll, with a scroll's sign.
        let pan = ActionEvent(item: "grid", name: "pan", phase: .changed, translation: Vector(x: 0, y: -80))
        #expect(
            json(.action(pan)) == head
                + #""type":"action","item":"grid","name":"pan","phase":"changed","totalDx":0,"totalDy":80}"#)
        #expect(
            json(.action(pan), version: .one) == headOne
                + #""type":"action","item":"grid","name":"pan","phase":"changed","dx":0,"dy":-80}"#)
        #expect(text(.action(menu)) == #"  1.068800  Pad "1"  action contextMenu on p: Share, Delete [secondaryClick]"#)
        let zoom = ActionEvent(item: "s", name: "zoom", phase: .changed, scale: 1.25)
        #expect(
            json(.action(zoom))
                == head + #""type":"action","item":"s","name":"zoom","phase":"changed","zoomScale":1.25}"#)
        #expect(
            json(.action(zoom), version: .one)
                == headOne + #""type":"action","item":"s","name":"zoom","phase":"changed","scale":1.25}"#)
        #expect(text(.action(zoom)) == #"  1.068800  Pad "1"  action zoom on s changed ×1.25"#)
        let swipe = ActionEvent(item: "row", name: "delete", trigger: .swipe)
        #expect(json(.action(swipe)) == head + #""type":"action","item":"row","name":"delete","trigger":"swipe"}"#)
        #expect(text(.focus(from: "a", to: "b", heading: .down)) == #"  1.068800  Pad "1"  focus a → b (down)"#)
    }

    @Test func motionIsPrintedOnlyWhenAsked() {
        let motion = WayfinderEvent(
            time: Self.origin, device: Self.pad,
            payload: .input(.motion(delta: Vector(x: 1, y: 2), unaccelerated: Vector(x: 0.5, y: 1)), target: nil))
        #expect(motion.jsonLine(origin: Self.origin) == nil)
        #expect(motion.textLine(origin: Self.origin) == nil)
        #expect(
            motion.jsonLine(origin: Self.origin, includeMotion: true)
                == #"{"time":0,"device":"Pad \"1\"","deviceID":"0:0","version":2,"type":"motion","dx":1,"dy":2,"dxUnaccelerated":0.5,"dyUnaccelerated":1}"#
        )
        let offset = WayfinderEvent(
            time: Self.origin, device: Self.pad, payload: .contentOffset(item: "grid", offset: Vector(x: 0, y: 40)))
        #expect(offset.textLine(origin: Self.origin) == #"  0.000000  Pad "1"  grid scrolled to (0, 40)"#)
    }

    /// A motion line's fields are written together; numbers of every size, NaN, and a time
    /// before the origin print as any other line's.
    @Test func motionLinesPrintEveryNumberAsOtherLinesDo() {
        let motion = WayfinderEvent(
            time: Self.origin - .microseconds(1_500_016), device: Self.pad,
            payload: .input(
                .motion(delta: Vector(x: -0.0, y: 1e13 + 0.5), unaccelerated: Vector(x: .nan, y: -123.4567894)),
                target: nil))
        #expect(
            motion.jsonLine(origin: Self.origin, includeMotion: true)
                == #"{"time":-1.500016,"device":"Pad \"1\"","deviceID":"0:0","version":2,"type":"motion","dx":0,"dy":10000000000000.5,"dxUnaccelerated":null,"dyUnaccelerated":-123.456789}"#
        )
        let whole = WayfinderEvent(
            time: Self.origin + .seconds(3_000_000_000), device: Self.pad,
            payload: .input(
                .motion(delta: Vector(x: 4_294_967_296, y: -1e19), unaccelerated: Vector(x: .infinity, y: 2)),
                target: nil))
        #expect(
            whole.jsonLine(origin: Self.origin, includeMotion: true)
                == #"{"time":3000000000,"device":"Pad \"1\"","deviceID":"0:0","version":2,"type":"motion","dx":4294967296,"dy":-1e+19,"dxUnaccelerated":null,"dyUnaccelerated":2}"#
        )
    }

    @Test func contentOffsetsArePrintedAsTheTextShowsThem() {
        let offset = WayfinderEvent(
            time: Self.origin + .microseconds(16), device: Self.pad,
            payload: .contentOffset(item: "grid", offset: Vector(x: 0, y: 1.1362510000000001)))
        #expect(
            offset.jsonLine(origin: Self.origin)
                == #"{"time":0.000016,"device":"Pad \"1\"","deviceID":"0:0","version":2,"type":"contentOffset","item":"grid","x":0,"y":1.136251}"#
        )
        #expect(offset.textLine(origin: Self.origin) == #"  0.000016  Pad "1"  grid scrolled to (0, 1.1)"#)
    }

    @Test func deviceLinesNameTheInstance() {
        let mouse = DeviceInstance(id: DeviceID(rawValue: 4), name: "USB Mouse", source: "/dev/input/event7")
        let added = WayfinderEvent(time: Self.origin, device: mouse, payload: .device(.added, kind: .mouse))
        #expect(
            added.jsonLine(origin: Self.origin)
                == #"{"time":0,"device":"USB Mouse","deviceID":"/dev/input/event7","version":2,"type":"device","state":"added","kind":"mouse"}"#
        )
        #expect(added.textLine(origin: Self.origin) == "  0.000000  USB Mouse  device added (mouse)")
    }

    /// A live device's line: its model, where it is plugged in, the id that survives a reboot,
    /// its size, and the clock, with the session's start; removal repeats none of it.
    @Test func deviceLinesTellTheDevicesIdentitySizeSettingsAndClock() {
        let details = DeviceDetails(
            identity: DeviceIdentity(busType: 0x03, vendorID: 0x046D, productID: 0xC52B, version: 0x0111),
            physicalPath: "usb-0000:00:14.0-2/input0", size: PhysicalSize(width: 100, height: 60.5),
            resolution: (x: 12, y: 11), settings: [("naturalScrolling", .flag(true)), ("accelProfile", .word("flat"))],
            sessionStart: 1_765_000_000.25)
        let pad = DeviceInstance(
            id: DeviceID(rawValue: 2), name: "Logitech Pad", source: "/dev/input/event9", details: details)
        #expect(details.stableID == "046d:c52b@usb-0000:00:14.0-2/input0")
        let added = WayfinderEvent(
            time: Self.origin + .microseconds(5), device: pad, payload: .device(.added, kind: .touchpad))
        #expect(
            added.jsonLine(origin: Self.origin)
                == #"{"time":0.000005,"device":"Logitech Pad","deviceID":"/dev/input/event9","version":2,"#
                + #""type":"device","state":"added","kind":"touchpad","bus":3,"vendor":1133,"product":50475,"#
                + #""productVersion":273,"physicalPath":"usb-0000:00:14.0-2/input0","#
                + #""stableID":"046d:c52b@usb-0000:00:14.0-2/input0","clock":"session","sessionStart":1765000000.25,"#
                + #""width":100,"height":60.5,"resolutionX":12,"resolutionY":11,"#
                + #""settings":{"naturalScrolling":true,"accelProfile":"flat"}}"#)
        #expect(
            added.jsonLine(origin: Self.origin, version: .one)
                == #"{"time":0.000005,"device":"Logitech Pad","deviceID":"/dev/input/event9","version":1,"#
                + #""type":"device","state":"added","kind":"touchpad"}"#)
        let removed = WayfinderEvent(time: Self.origin, device: pad, payload: .device(.removed, kind: .touchpad))
        #expect(
            removed.jsonLine(origin: Self.origin)
                == #"{"time":0,"device":"Logitech Pad","deviceID":"/dev/input/event9","version":2,"#
                + #""type":"device","state":"removed","kind":"touchpad"}"#)
        let replayed = DeviceDetails(
            identity: DeviceIdentity(busType: 0x18, vendorID: 0, productID: 0x2A, version: 0))
        #expect(replayed.stableID == "0000:002a")
    }
}
