import DeviceProfiles
import InputEvents
import Testing
import WayfinderTestSupport

@Suite struct DeviceProfilesTests {
    @Test func scrollPointSticksAreContinuous() {
        let device = ScriptedDevice.mouse(name: "HID 04b3:3103", vendorID: 0x04b3, productID: 0x3103)
        let profile = DeviceProfiles.profile(for: device)
        #expect(profile.name == "IBM ScrollPoint")
        #expect(profile.wheel == .continuousStick(pointsPerUnit: 1))
    }

    @Test func appleTouchpadsUseClickfingerAndNoEdgeZones() {
        for busType: UInt16 in [0x03, 0x05] {
            let profile = DeviceProfiles.profile(for: ScriptedDevice.touchpad(vendorID: 0x05ac, busType: busType))
            #expect(profile.clickMethod == .fingers)
            #expect(profile.usesEdgePalmZones == false)
        }
    }

    /// Cypress PS/2 trackpads report a two-finger press as `BTN_RIGHT` themselves: their profile
    /// counts the fingers of a press (clickfinger), whatever code the firmware sends.
    @Test func cypressTrackpadsCountTheFingersOfAPress() {
        let cypress = ScriptedDevice.touchpad(
            name: "CyPS/2 Cypress Trackpad", vendorID: 0x0002, busType: 0x11, productID: 0x0011)
        #expect(
            DeviceProfiles.profile(for: cypress)
                == DeviceProfile(
                    name: "Cypress PS/2 trackpad",
                    match: DeviceMatch(busType: 0x11, vendorID: 0x0002, productIDs: [0x0011]),
                    clickMethod: .fingers))
    }

    @Test func otherDevicesGetTheGenericProfile() {
        #expect(DeviceProfiles.profile(for: ScriptedDevice.touchpad()) == .generic)
        // Same vendor as the ScrollPoint, another product: an ordinary wheel.
        let mouse = ScriptedDevice.mouse(vendorID: 0x04b3, productID: 0x3107)
        #expect(DeviceProfiles.profile(for: mouse).wheel == nil)
    }

    @Test func nameMatchIsCaseInsensitive() {
        let match = DeviceMatch(nameContains: "glidepoint")
        #expect(match.matches(ScriptedDevice.touchpad(name: "AlpsPS/2 ALPS GlidePoint")))
        #expect(!match.matches(ScriptedDevice.touchpad(name: "SynPS/2 Synaptics TouchPad")))
    }

    @Test func clickMethodsUseTheCommandLineSpelling() {
        #expect(ClickMethod(rawValue: "areas") == .buttonAreas)
        #expect(ClickMethod(rawValue: "fingers") == .fingers)
    }
}
