import DeviceProfiles
import Geometry
import InputEvents
import Testing
import WayfinderTestSupport

@testable import Classification

@Suite struct PalmDetectorTests {
    private let start = Timestamp(microseconds: 1_000_000)

    /// A 100 × 60 mm pad: its edge zones are 8 mm wide.
    private func detector() -> PalmDetector {
        let device = ScriptedDevice.touchpad()
        return PalmDetector(
            device: device, profile: .generic, size: PhysicalSize(width: 100, height: 60), slotCount: 2,
            thresholds: .default)
    }

    /// Every slot of `contacts`, all of them live.
    private func judge(_ palms: inout PalmDetector, _ contacts: [Contact], at time: Timestamp) {
        var live = SlotSet()
        for slot in contacts.indices { live.insert(slot) }
        palms.update(contacts, live: live, at: time)
    }

    private func contact(x: Double, isNew: Bool, pressure: Int32 = 40, tool: ContactTool = .finger) -> Contact {
        var contact = Contact()
        contact.isActive = true
        contact.isNew = isNew
        contact.position = Vector(x: x, y: 30)
        contact.downTime = Timestamp(microseconds: 1_000_000)
        contact.pressure = pressure
        contact.tool = tool
        return contact
    }

    @Test func firmwarePalmsAndHeavyContactsArePalmsUntilTheyLift() {
        var palms = detector()
        judge(
            &palms, [contact(x: 50, isNew: true, tool: .palm), contact(x: 60, isNew: true, pressure: 131)], at: start)
        #expect(palms.isPalm(0) && palms.isPalm(1))
        judge(&palms, [contact(x: 50, isNew: false), contact(x: 60, isNew: false)], at: start + .milliseconds(10))
        #expect(palms.isPalm(0) && palms.isPalm(1))
        judge(&palms, [contact(x: 50, isNew: true), contact(x: 60, isNew: true, pressure: 130)], at: start)
        #expect(!palms.isPalm(0) && !palms.isPalm(1))
    }

    @Test func anEdgeTouchIsAFingerOnlyIfItLeavesTheZoneInTime() {
        var escaping = detector()
        judge(&escaping, [contact(x: 4, isNew: true)], at: start)
        #expect(escaping.isPalm(0))
        judge(&escaping, [contact(x: 9, isNew: false)], at: start + .milliseconds(200))
        #expect(!escaping.isPalm(0))

        var staying = detector()
        judge(&staying, [contact(x: 4, isNew: true)], at: start)
        judge(&staying, [contact(x: 9, isNew: false)], at: start + .milliseconds(201))
        #expect(staying.isPalm(0))
        judge(&staying, [contact(x: 50, isNew: false)], at: start + .milliseconds(300))
        #expect(staying.isPalm(0))
    }
}
