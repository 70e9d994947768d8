import EventModel
import Testing

@testable import Classification

@Suite struct KeyModifiersTests {
    @Test func namesFollowTheEventStreamOrder() {
        #expect(KeyModifiers([.meta, .shift, .control]).names == ["shift", "ctrl", "meta"])
        #expect(KeyModifiers.capsLock.names.isEmpty)
    }
}
