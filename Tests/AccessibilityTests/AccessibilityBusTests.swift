import Accessibility
import Foundation
import Geometry
import InputDevices
import Testing
import WayfinderTestSupport

/// An application's own tree (no scene, no focus engine) on a real accessibility bus, served from
/// the test's process: the client's every answer is awaited while the bus is served, as an
/// application's loop would.
@Suite(.serialized) struct AccessibilityBusTests {
    /// A two-button panel that records what screen readers ask.
    final class Panel: AccessibleTree {
        static let window = AccessibleID(rawValue: 1)
        static let ok = AccessibleID(rawValue: 2)
        static let cancel = AccessibleID(rawValue: 3)
        var focused: AccessibleID?
        var requests: [String] = []
        var buttons = [ok, cancel]

        var windows: [AccessibleID] { [Self.window] }

        func element(_ id: AccessibleID) -> AccessibleElement? {
            switch id {
            case Self.window:
                return AccessibleElement(
                    role: .frame, name: "Confirm", identifier: "window", states: [.visible, .showing],
                    frame: Rect(x: 0, y: 0, width: 300, height: 100))
            case Self.ok, Self.cancel:
                guard buttons.contains(id) else { return nil }
                let isOK = id == Self.ok
                var states: AccessibleStates = [.visible, .showing, .enabled, .sensitive, .focusable]
                if focused == id { states.insert(.focused) }
                return AccessibleElement(
                    role: .pushButton, name: isOK ? "OK" : "Cancel", identifier: isOK ? "ok" : "cancel",
                    states: states, frame: Rect(x: isOK ? 20 : 160, y: 50, width: 120, height: 30),
                    actions: [AccessibleAction(name: "press", keyBinding: isOK ? "Return" : "Escape")])
            default:
                return nil
            }
        }

        func parent(of id: AccessibleID) -> AccessibleID? { id == Self.window ? nil : Self.window }

        func children(of id: AccessibleID) -> [AccessibleID] { id == Self.window ? buttons : [] }

        func grabFocus(_ id: AccessibleID) -> Bool {
            requests.append("focus \(id)")
            focused = id
            return true
        }

        func performAction(at index: Int, on id: AccessibleID) -> Bool {
            requests.append("action \(index) on \(id)")
            return true
        }
    }

    /// Makes the client's answers wait while the bus is served in the same `poll(2)`.
    static func serve(_ bus: AccessibilityBus, while reader: ScreenReaderClient) {
        let participant = BusParticipant(bus)
        reader.output.wait = { descriptor, limit in
            _ = try? Readiness.waitForReadable(
                [FileDescriptor(rawValue: descriptor)], timeout: limit, participants: [participant])
        }
    }

    @Test func aTreeOfItsOwnIsReadMovedAndToldAbout() throws {
        let reader = try ScreenReaderClient(listening: ScreenReaderClient.focusEvents + ["object:children-changed"])
        defer { reader.close() }
        let panel = Panel()
        let bus = try AccessibilityBus(
            application: .init(name: "panel", toolkitName: "PanelKit", toolkitVersion: "1.0"), tree: panel,
            environment: reader.environment)
        defer { bus.close() }
        Self.serve(bus, while: reader)
        #expect(try reader.waitForApplication("panel"))
        #expect(bus.status == .registered)

        let states = ["enabled", "focusable", "sensitive", "showing", "visible"]
        func button(_ id: String, _ name: String, x: Int, states: [String]) -> ScreenReaderClient.Element {
            ScreenReaderClient.Element(
                id: id, role: "push button", name: name, states: states,
                interfaces: ["Accessible", "Action", "Component"], extents: [x, 50, 120, 30], actions: ["press"])
        }
        let window = ScreenReaderClient.Element(
            id: "window", role: "frame", name: "Confirm", states: ["showing", "visible"],
            interfaces: ["Accessible", "Component"], extents: [0, 0, 300, 100],
            children: [button("ok", "OK", x: 20, states: states), button("cancel", "Cancel", x: 160, states: states)])
        #expect(try reader.tree(of: "panel").children == [window])

        #expect(try reader.grabFocus("cancel", in: "panel"))
        #expect(try reader.doAction("press", on: "ok", in: "panel"))
        #expect(panel.requests == ["focus 3", "action 0 on 2"])

        bus.emitWindowActivated(Panel.window, name: "Confirm")
        bus.emitStateChanged(of: Panel.cancel, .focused, isOn: true)
        // The registry's own children-changed on its desktop when the panel was embedded, then these.
        let heard = try reader.events(waitingFor: 3).filter { $0.id != nil }
        #expect(
            heard == [
                .init(type: "window:activate", id: "window", detail1: 0),
                .init(type: "object:state-changed:focused", id: "cancel", detail1: 1),
            ])
        panel.buttons = [Panel.ok]
        bus.emitChildRemoved(Panel.cancel, from: Panel.window, at: 1)
        let events = try reader.events(waitingFor: 4).filter { $0.id != nil }
        // The removed child is gone by the time the client asks who it was.
        #expect(events == heard + [.init(type: "object:children-changed:remove", id: "window", detail1: 1)])
        #expect(
            try reader.tree(of: "panel").children.first?.children.map(\.id) == ["ok"],
            "the removed button is gone from the tree")
    }
}

/// A bus as a participant of a wait.
final class BusParticipant: PollParticipant {
    let bus: AccessibilityBus
    init(_ bus: AccessibilityBus) { self.bus = bus }

    func appendPollRequests(to requests: inout [PollRequest]) {
        for descriptor in bus.pollDescriptors {
            requests.append(PollRequest(descriptor: descriptor.descriptor, events: descriptor.events))
        }
    }

    var pollTimeout: Duration? { bus.timeout }

    func handlePoll(_ results: ArraySlice<PollRequest>) {
        bus.handle(results.map { PollDescriptor.Readiness(descriptor: $0.descriptor, events: $0.returnedEvents) })
    }
}
