import InputEvents
import Testing
import WayfinderTestSupport

@testable import Classification

@Suite struct ToolKeysTests {
    @Test func theHighestFingerKeyDownCounts() {
        var keys = ToolKeys(device: ScriptedDevice.touchpad())
        #expect(keys.fingerCount == 0)
        keys.handle(.toolFinger, value: 1, codes: KernelCodes())
        keys.handle(.toolQuadTap, value: 1, codes: KernelCodes())
        keys.handle(.touch, value: 1, codes: KernelCodes())
        #expect(keys.fingerCount == 4)
        #expect(keys.isTouching)
        keys.handle(.toolQuadTap, value: 0, codes: KernelCodes())
        #expect(keys.fingerCount == 1)
        keys.reset()
        #expect(keys.fingerCount == 0)
        #expect(!keys.isTouching)
    }

    @Test func aDeviceWithoutFingerKeysReportsNoCount() {
        var keys = ToolKeys(device: ScriptedDevice.touchscreen())
        keys.handle(.touch, value: 1, codes: KernelCodes())
        #expect(keys.fingerCount == nil)
        #expect(keys.isTouching)
    }
}
