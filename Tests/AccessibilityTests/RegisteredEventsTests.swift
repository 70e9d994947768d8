import Testing

@testable import Accessibility

/// Which events go out, given what the registry says screen readers listen for.
@Suite struct RegisteredEventsTests {
    /// The three events the scene sends most, as (category, name, detail).
    static let focused = ("Object", "StateChanged", "focused")
    static let selected = ("Object", "StateChanged", "selected")
    static let activate = ("Window", "Activate", "")
    static let childAdded = ("Object", "ChildrenChanged", "add")

    static func wanted(_ registered: [String]) -> [Bool] {
        var events = RegisteredEvents()
        events.replace(with: registered.map { (":1.7", $0) })
        return [focused, selected, activate, childAdded].map {
            events.contains(category: $0.0, name: $0.1, detail: $0.2)
        }
    }

    @Test func beforeTheListArrivesEverythingGoesOut() {
        let events = RegisteredEvents()
        #expect(!events.isKnown)
        #expect(events.contains(category: "Object", name: "StateChanged", detail: "focused"))
        #expect(events.contains(category: "Window", name: "Deactivate", detail: ""))
    }

    @Test func eachSpellingAndWildcardMatchesWhatItNames() {
        // focused, selected, window:activate, children-changed:add
        #expect(Self.wanted([]) == [false, false, false, false])
        #expect(Self.wanted(["object:state-changed:focused"]) == [true, false, false, false])
        #expect(Self.wanted(["Object:StateChanged:Focused"]) == [true, false, false, false])
        #expect(Self.wanted(["object:state-changed:"]) == [true, true, false, false])
        #expect(Self.wanted(["object:state-changed"]) == [true, true, false, false])
        #expect(Self.wanted(["object:"]) == [true, true, false, true])
        #expect(Self.wanted(["window:activate"]) == [false, false, true, false])
        #expect(Self.wanted(["Window:Activate:"]) == [false, false, true, false])
        #expect(Self.wanted(["window:"]) == [false, false, true, false])
        #expect(Self.wanted(["object:children-changed"]) == [false, false, false, true])
        #expect(Self.wanted(["object:children-changed:remove"]) == [false, false, false, false])
        #expect(Self.wanted(["focus:", "mouse:button"]) == [false, false, false, false])
        #expect(Self.wanted([""]) == [true, true, true, true], "an empty registration asks for everything")
    }

    @Test func listenersComeAndGo() {
        var events = RegisteredEvents()
        events.replace(with: [])
        events.add(listener: ":1.4", event: "object:state-changed:focused")
        events.add(listener: ":1.5", event: "object:state-changed:focused")
        #expect(events.contains(category: "Object", name: "StateChanged", detail: "focused"))
        events.remove(listener: ":1.4", event: "object:state-changed:focused")
        #expect(events.contains(category: "Object", name: "StateChanged", detail: "focused"), "1.5 still listens")
        events.removeAll(of: ":1.5")
        #expect(!events.contains(category: "Object", name: "StateChanged", detail: "focused"))
        events.remove(listener: ":1.9", event: "window:")
        #expect(!events.contains(category: "Window", name: "Activate", detail: ""))
    }
}
