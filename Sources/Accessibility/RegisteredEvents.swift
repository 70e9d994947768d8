/// The events screen readers listen for, as the AT-SPI2 registry lists them, and whether one
/// emitted event is among them: an application sends only what someone listens for, as Qt does.
///
/// The registry keeps each listener's event as the listener wrote it: `object:state-changed:focused`
/// from libatspi 2.46's callers, `Object:StateChanged:Focused` from others, `window:` for a whole
/// class. Both spellings are compared as the same words (case and `-` ignored), and an empty part
/// matches everything below it:
///
/// | registered | `object:state-changed:focused` | `window:activate` |
/// | --- | --- | --- |
/// | `object:state-changed:focused` | yes | no |
/// | `Object:StateChanged:` | yes | no |
/// | `object:` | yes | no |
/// | `window:activate:` | no | yes |
///
/// Until the registry's list has arrived, every event goes out (``isKnown`` false), as the
/// GTK bridge does.
///
/// ```swift
/// var events = RegisteredEvents()
/// events.replace(with: [(":1.5", "object:state-changed:focused")])
/// events.contains(category: "Object", name: "StateChanged", detail: "focused")  // true
/// ```
public struct RegisteredEvents: Hashable, Sendable {
    /// One listener's registration.
    struct Registration: Hashable, Sendable {
        /// The listener's bus name.
        var listener: String
        /// The event's parts, compared without case or dashes.
        var parts: [String]
        /// The event as the registry wrote it.
        var event: String
    }

    private var registrations: [Registration] = []
    /// Whether the registry's list has arrived.
    public private(set) var isKnown = false

    /// No registration known yet.
    public init() {}

    /// Takes the registry's whole list (`GetRegisteredEvents`).
    public mutating func replace(with list: [(listener: String, event: String)]) {
        registrations = list.map {
            Registration(listener: $0.listener, parts: Self.parts(of: $0.event), event: $0.event)
        }
        isKnown = true
    }

    /// A listener registered an event (`EventListenerRegistered`).
    public mutating func add(listener: String, event: String) {
        registrations.append(Registration(listener: listener, parts: Self.parts(of: event), event: event))
    }

    /// A listener deregistered an event (`EventListenerDeregistered`): its first registration of
    /// that event goes.
    public mutating func remove(listener: String, event: String) {
        if let index = registrations.firstIndex(where: { $0.listener == listener && $0.event == event }) {
            registrations.remove(at: index)
        }
    }

    /// A listener left the bus: all its registrations go.
    public mutating func removeAll(of listener: String) {
        registrations.removeAll { $0.listener == listener }
    }

    /// Whether anyone listens for an event: the D-Bus interface's last component (`Object`), the
    /// signal (`StateChanged`) and the detail (`focused`); always true before the list is known.
    public func contains(category: String, name: String, detail: String) -> Bool {
        guard isKnown else { return true }
        let wanted = [Self.word(category), Self.word(name), Self.word(detail)]
        return registrations.contains { registration in
            for (index, part) in registration.parts.enumerated() {
                if part.isEmpty { return true }
                if index >= wanted.count || part != wanted[index] { return false }
            }
            return true
        }
    }

    /// `Object:StateChanged:Focused` → `["object", "statechanged", "focused"]`; `window:` →
    /// `["window", ""]`, whose empty part matches every window event.
    static func parts(of event: String) -> [String] {
        event.split(separator: ":", omittingEmptySubsequences: false).map { word(String($0)) }
    }

    /// A word without case, dashes or underscores.
    static func word(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" })
    }
}
