import Classification
import FocusEngine
import Foundation
import InputEvents
import Testing

@testable import Wayfinder

@Suite struct EventEncodingTests {
    static let time = Timestamp(microseconds: 1_500_000)

    func object(_ line: String?) throws -> [String: Any] {
        let line = try #require(line)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func focusSelectAndActionLinesFollowTheContract() throws {
        let focus = try object(
            WayfinderEvent(time: Self.time, device: "Kbd \"1\"", payload: .focus(from: nil, to: "b", heading: .next))
                .jsonLine())
        #expect(focus["time"] as? Double == 1.5)
        #expect(focus["device"] as? String == "Kbd \"1\"")
        #expect(focus["type"] as? String == "focus")
        #expect(focus["from"] is NSNull)
        #expect(focus["to"] as? String == "b")
        #expect(focus["heading"] as? String == "next")

        let select = try object(WayfinderEvent(time: Self.time, device: "k", payload: .select(item: "b")).jsonLine())
        #expect(select["type"] as? String == "select")
        #expect(select["item"] as? String == "b")

        let menu = WayfinderAction(
            item: "p", name: "contextMenu", trigger: "secondaryClick", actions: ["Share", "Delete"])
        let action = try object(WayfinderEvent(time: Self.time, device: "m", payload: .action(menu)).jsonLine())
        #expect(action["name"] as? String == "contextMenu")
        #expect(action["trigger"] as? String == "secondaryClick")
        #expect(action["actions"] as? [String] == ["Share", "Delete"])
        #expect(action["phase"] == nil)

        let drag = WayfinderAction(item: "p", name: "drag", phase: .changed, translation: Vector(x: 3, y: -4.5))
        let dragLine = try object(WayfinderEvent(time: Self.time, device: "m", payload: .action(drag)).jsonLine())
        #expect(dragLine["phase"] as? String == "changed")
        #expect(dragLine["dx"] as? Double == 3)
        #expect(dragLine["dy"] as? Double == -4.5)
    }

    @Test func inputLinesAreTheClassifiedStreamsWithATarget() throws {
        let click = ClassifiedEvent.button(.secondary, state: .down, trigger: .buttonArea, code: .leftButton)
        let line = try object(
            WayfinderEvent(time: Self.time, device: "pad", payload: .input(click, target: "photo-1")).jsonLine())
        #expect(line["type"] as? String == "button")
        #expect(line["button"] as? String == "secondary")
        #expect(line["trigger"] as? String == "buttonArea")
        #expect(line["code"] as? String == "BTN_LEFT")
        #expect(line["target"] as? String == "photo-1")

        let motion = WayfinderEvent(
            time: Self.time, device: "m", payload: .input(.motion(delta: Vector(x: 1, y: 2)), target: nil))
        #expect(motion.jsonLine() == nil)
        #expect(try object(motion.jsonLine(includeMotion: true))["type"] as? String == "motion")
        #expect(
            WayfinderEvent(time: Self.time, device: "m", payload: .contentOffset(item: "grid", offset: .zero))
                .jsonLine() == nil)
    }

    @Test func timesCountFromTheOrigin() throws {
        let event = WayfinderEvent(time: Self.time, device: "k", payload: .select(item: "b"))
        #expect(try object(event.jsonLine(origin: Timestamp(microseconds: 500_000)))["time"] as? Double == 1.0)
        #expect(event.textLine(origin: Timestamp(microseconds: 500_000)) == "  1.000000  k  select b")
    }

    @Test func keyPressesBecomeTheFocusEnginesChords() {
        #expect(KeyNames.chord(of: .tab, modifiers: [], text: "\t") == "Tab")
        #expect(KeyNames.chord(of: .tab, modifiers: .shift, text: nil) == "Shift+Tab")
        #expect(KeyNames.chord(of: .enter, modifiers: [], text: "\r") == "Return")
        #expect(KeyNames.chord(of: KeyCode(rawValue: 25), modifiers: .control, text: "p") == "Ctrl+P")
        // Shift is part of the character for printable keys: Shift+1 is "!", not "Shift+!".
        #expect(KeyNames.chord(of: KeyCode(rawValue: 2), modifiers: .shift, text: "!") == "!")
        #expect(KeyNames.chord(of: KeyCode(rawValue: 59), modifiers: [], text: nil) == nil)  // F1
        #expect(KeyNames.isModifier(.leftShift))
        #expect(!KeyNames.isModifier(.tab))
        #expect(KeyNames.kernelName(of: .tab) == "KEY_TAB")
        #expect(KeyNames.kernelName(of: .rightButton) == "BTN_RIGHT")
    }

    @Test func terminalBytesBecomeKeys() {
        var decoder = TerminalKeyDecoder()
        #expect(
            decoder.decode([0x09, 0x1B, 0x5B, 0x5A, 0x0D, 0x20]) == [
                .named("Tab"), .named("Shift+Tab"), .named("Return"), .named("Space"),
            ])
        #expect(
            decoder.decode(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[Dq".utf8)) == [
                .named("Up"), .named("Down"), .named("Right"), .named("Left"), .character("q"),
            ])
        // A sequence split across reads, and a lone ESC that only the flush decides.
        #expect(decoder.decode([0x1B, 0x5B]) == [])
        #expect(decoder.decode([0x5A]) == [.named("Shift+Tab")])
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.named("Escape")])
        #expect(decoder.flush() == [])
    }
}
