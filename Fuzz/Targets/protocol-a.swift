// fuzz-modules: Classification
// fuzz-support: Expect StreamChecks FuzzBytes
// fuzz-options: -max_len=4096
//
// Multitouch protocol A (contacts without slots or tracking ids, each ended by `SYN_MT_REPORT`)
// through every translator that takes it: a touchscreen and a touchpad (clickpad or not, with or
// without pressure and tool keys), with axis ranges from the bytes, contacts at any `Int32`
// position (the kernel does not clamp them), any number of reports a frame, and frames
// 0–15.75 ms apart. Beyond "no trap, no hang" (issue 23 found a trap squaring far-apart
// positions): the classified stream passes the shared checks, and nothing stays held once the
// device is removed.
//
// The input:
//
//     byte 0          bit 0 touchpad (else touchscreen), bit 1 clickpad, bit 2 pressure, bit 3
//                     tool keys (BTN_TOOL_*), bit 4 tap-to-click
//     8 × 4 bytes     minimum and maximum of x and y (the same for ABS_X/Y and ABS_MT_POSITION_X/Y)
//     1 byte          resolution (units per mm, 0 allowed)
//     then steps      a control byte: bits 0-5 the time step in quarter milliseconds, bits 6-7
//                     what: 0 a contact (x, y, pressure: 4 bytes each) and its SYN_MT_REPORT,
//                     1 the end of the frame, 2 a key (code offset 1 byte, value 1 byte), 3 an
//                     empty SYN_MT_REPORT

import Classification
import EventModel
import InputEvents

/// The device the first bytes describe.
func protocolADevice(_ bytes: inout FuzzBytes) -> (DeviceDescription, DeviceSettings) {
    let flags = bytes.byte()
    let isTouchpad = flags & 1 != 0
    let minimumX = bytes.int32()
    let maximumX = bytes.int32()
    let minimumY = bytes.int32()
    let maximumY = bytes.int32()
    let resolution = Int32(bytes.byte())
    var axes: [AbsoluteAxis: AbsoluteAxisInfo] = [:]
    for axis in [AbsoluteAxis.x, .multitouchPositionX] {
        axes[axis] = AbsoluteAxisInfo(minimum: minimumX, maximum: maximumX, resolution: resolution)
    }
    for axis in [AbsoluteAxis.y, .multitouchPositionY] {
        axes[axis] = AbsoluteAxisInfo(minimum: minimumY, maximum: maximumY, resolution: resolution)
    }
    if flags & 0b100 != 0 { axes[.multitouchPressure] = AbsoluteAxisInfo(minimum: 0, maximum: 255) }
    var keys: [KeyCode] = [.touch]
    if isTouchpad {
        keys.append(.leftButton)
        if flags & 0b10 == 0 { keys.append(.rightButton) }
        if flags & 0b1000 != 0 { keys += [.toolFinger, .toolDoubleTap, .toolTripleTap, .toolQuadTap, .toolQuintTap] }
    }
    var properties: Set<InputProperty> = isTouchpad ? [.pointer] : [.direct]
    if isTouchpad && flags & 0b10 != 0 { properties.insert(.buttonPad) }
    let description = DeviceDescription(
        name: isTouchpad ? "Protocol A Touchpad" : "Protocol A Screen",
        identity: DeviceIdentity(busType: 0x18, vendorID: 0x06cb, productID: 0x0001, version: 0x0100),
        properties: properties,
        supportedCodes: [
            .synchronization: [0, 1, 2, 3],
            .key: Set(keys.map(\.rawValue)),
            .absolute: Set(axes.keys.map(\.rawValue)),
        ],
        absoluteAxes: axes)
    var settings = DeviceSettings()
    settings.tapToClick = flags & 0b1_0000 != 0
    return (description, settings)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProtocolA(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = FuzzBytes(Array(UnsafeBufferPointer(start: data, count: size)))
    let (description, settings) = protocolADevice(&bytes)
    guard var translator = try? DeviceTranslator(device: description, settings: settings) else { return 0 }
    var check = ClassifiedStreamCheck(device: description.name)
    var output: [ClassifiedInput] = []
    func drain(now: Timestamp) {
        for input in output { check.check(input.event, at: input.time, now: now) }
        output.removeAll(keepingCapacity: true)
    }
    let report = SynchronizationCode.multitouchReport.rawValue
    var time = Timestamp(microseconds: 1_000_000)
    var events: [InputEvent] = []
    func endFrame() {
        events.append(.report(at: time))
        while let deadline = translator.nextDeadline, deadline <= time {
            translator.advance(to: deadline, into: &output)
            drain(now: deadline)
        }
        translator.process(EventFrame(events: events), at: time, into: &output)
        drain(now: time)
        events.removeAll()
    }
    while !bytes.isAtEnd {
        let control = bytes.byte()
        time = time + .microseconds(Int64(control & 0x3f) * 250)
        switch control >> 6 {
        case 0:
            let x = bytes.int32()
            let y = bytes.int32()
            let pressure = bytes.int32()
            events += [
                InputEvent(time: time, type: .absolute, code: AbsoluteAxis.multitouchPositionX.rawValue, value: x),
                InputEvent(time: time, type: .absolute, code: AbsoluteAxis.multitouchPositionY.rawValue, value: y),
                InputEvent(
                    time: time, type: .absolute, code: AbsoluteAxis.multitouchPressure.rawValue, value: pressure),
                InputEvent(time: time, type: .synchronization, code: report, value: 0),
            ]
        case 1:
            endFrame()
        case 2:
            let code = KeyCode.touch.rawValue &+ UInt16(bytes.byte() % 8)
            events.append(InputEvent(time: time, type: .key, code: code, value: Int32(bytes.byte() % 3)))
        default:
            events.append(InputEvent(time: time, type: .synchronization, code: report, value: 0))
        }
    }
    if !events.isEmpty { endFrame() }
    time = time + .seconds(5)
    while let deadline = translator.nextDeadline, deadline <= time {
        translator.advance(to: deadline, into: &output)
        drain(now: deadline)
    }
    translator.removeDevice(at: time, into: &output)
    drain(now: time)
    check.checkNothingHeld()
    return 0
}
