import Testing

@testable import Accessibility

/// Messages written and read back through libdbus, without a bus.
@Suite struct DBusMessageTests {
    @Test func whatIsWrittenReadsBackAndEveryReadChecksTheType() {
        let message = Message(
            signalAt: "/org/a11y/atspi/accessible/7", interface: "org.a11y.atspi.Event.Object",
            member: "StateChanged")
        message.write { writer in
            writer.append("focused")
            writer.append(Int32(1))
            writer.append(UInt32(42))
            writer.append(true)
            writer.appendVariant("i") { $0.append(Int32(0)) }
            writer.appendReference(ObjectReference(busName: ":1.3", path: "/org/a11y/atspi/accessible/root"))
            writer.appendArray(of: "(ss)") { array in
                array.appendStruct {
                    $0.append(":1.4")
                    $0.append("object:")
                }
            }
        }
        #expect(message.signature == "siubv(so)a(ss)")
        #expect(message.kind == .signal)
        #expect(message.path == "/org/a11y/atspi/accessible/7")
        var reader = message.reader()
        #expect(reader.readInt32() == nil, "a string is not an integer")
        #expect(reader.readString() == "focused")
        #expect(reader.readInt32() == 1)
        #expect(reader.readUInt32() == 42)
        #expect(reader.readBool() == true)
        #expect(reader.readVariant { $0.readInt32() } == 0)
        #expect(reader.readReference() == ObjectReference(busName: ":1.3", path: "/org/a11y/atspi/accessible/root"))
        let pairs = reader.readArray { element in
            element.readStruct { pair -> [String]? in
                guard let first = pair.readString(), let second = pair.readString() else { return nil }
                return [first, second]
            }
        }
        #expect(pairs == [[":1.4", "object:"]])
        #expect(reader.currentType == DBusType.invalid)
        #expect(reader.readString() == nil)
    }

    @Test func namesCarryNoNulAndKeepEveryOtherCharacter() {
        #expect(Message.validText("Tab\u{0}Stop") == "Tab\u{FFFD}Stop")
        #expect(Message.validText("مشترك 🎉 e\u{301}") == "مشترك 🎉 e\u{301}")
        let message = Message(signalAt: "/a", interface: "a.b", member: "C")
        message.write { $0.append("\u{0}\u{0}x\u{0}") }
        var reader = message.reader()
        #expect(reader.readString() == "\u{FFFD}\u{FFFD}x\u{FFFD}", "libdbus would have cut the string at the NUL")
    }

    @Test func statesGoOutAsTwoWordsAndRolesByNumber() {
        let states: AccessibleStates = [.focused, .checkable]
        #expect(states.words == [1 << 12, 1 << (41 - 32)])
        #expect(states.names == ["focused", "checkable"])
        #expect(AccessibleRole.pushButton.rawValue == 43 && AccessibleRole.pushButton.name == "push button")
        #expect(AccessibleRole(rawValue: 129).name == "unknown")
    }

    @Test func extentsAreWholePixelsThatNeverTrap() {
        #expect(AccessibilityBus.pixels(12.5) == 12)
        #expect(AccessibilityBus.pixels(-0.5) == -1)
        #expect(AccessibilityBus.pixels(.infinity) == Int32.max)
        #expect(AccessibilityBus.pixels(-1e300) == Int32.min)
        #expect(AccessibilityBus.pixels(.nan) == 0)
    }
}
