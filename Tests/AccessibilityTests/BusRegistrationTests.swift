import Testing

@testable import Accessibility

/// The way from "accessibility is off" to "embedded", one input at a time.
@Suite struct BusRegistrationTests {
    static let desktop = ObjectReference(busName: ":1.1", path: "/org/a11y/atspi/accessible/root")

    @Test func offThenOnConnectsEmbedsAndClosesWithUnembed() {
        var registration = BusRegistration.waiting
        #expect(registration.handle(.embedded(desktop: Self.desktop)) == [], "nothing is connected yet")
        #expect(registration.state == .waiting && !registration.isConnected)
        #expect(registration.handle(.status(isEnabled: true)) == [.fetchAddress])
        #expect(registration.handle(.address("unix:path=/run/a11y")) == [.connect(address: "unix:path=/run/a11y")])
        #expect(registration.state == .embedding && registration.isConnected)
        #expect(registration.handle(.embedded(desktop: Self.desktop)) == [.fetchRegisteredEvents])
        #expect(registration.state == .registered(desktop: Self.desktop))
        #expect(registration.handle(.status(isEnabled: true)) == [])
        #expect(registration.handle(.close) == [.disconnect(unembed: true)])
        #expect(registration.state == .closed)
        #expect(registration.handle(.status(isEnabled: true)) == [], "closed for good")
    }

    @Test func turningOffDisconnectsAndWaitsAgain() {
        var registration = BusRegistration.waiting
        _ = registration.handle(.status(isEnabled: true))
        #expect(registration.handle(.status(isEnabled: false)) == [], "no address yet: nothing to undo")
        #expect(registration.state == .waiting)
        _ = registration.handle(.status(isEnabled: true))
        _ = registration.handle(.address("unix:path=/run/a11y"))
        _ = registration.handle(.embedded(desktop: Self.desktop))
        #expect(registration.handle(.status(isEnabled: false)) == [.disconnect(unembed: true)])
        #expect(registration.state == .waiting)
        #expect(registration.handle(.close) == [], "nothing connected")
    }

    @Test func aNewRegistryIsEmbeddedAgainAndARefusalIsReported() {
        var registration = BusRegistration.connectedDirectly
        #expect(registration.handle(.embedFailed("no registry")) == [.report("no registry")])
        #expect(registration.handle(.registryAvailable) == [.embed])
        _ = registration.handle(.embedded(desktop: Self.desktop))
        #expect(registration.handle(.registryAvailable) == [.embed])
        #expect(registration.state == .embedding)
    }

    @Test func theBusGoingAwayWaitsOrClosesDependingOnTheStatusWatch() {
        var watched = BusRegistration.waiting
        _ = watched.handle(.status(isEnabled: true))
        _ = watched.handle(.address("unix:path=/run/a11y"))
        #expect(watched.handle(.busGone) == [.disconnect(unembed: false)])
        #expect(watched.state == .waiting)
        var direct = BusRegistration.connectedDirectly
        #expect(direct.handle(.busGone) == [.disconnect(unembed: false)])
        #expect(direct.state == .closed)
    }
}
