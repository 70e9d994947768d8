import InputDevices
import Testing

@Suite struct DeviceErrorTests {
    @Test func aPermissionErrorExplainsTheFix() {
        let error = DeviceError(.open, errno: .permissionDenied, path: "/dev/input/event3")
        let message = String(describing: error)
        #expect(message.hasPrefix("cannot open /dev/input/event3: Permission denied (EACCES)."))
        #expect(message.contains("Scripts/install-udev-rule"))
        #expect(message.contains("'wayfinder' group"))
        #expect(error.isPermissionDenied)
    }

    @Test func otherErrorsSayWhatFailedOnWhichDevice() {
        let error = DeviceError(.read, errno: .noDevice, path: "/dev/input/event5")
        let message = String(describing: error)
        #expect(message.hasPrefix("cannot read events from /dev/input/event5: "))
        #expect(message.hasSuffix("(ENODEV)"))
        #expect(!error.isPermissionDenied)
        #expect(!message.contains("udev"))
    }

    @Test func unknownErrorNumbersShowTheirValue() {
        #expect(String(describing: Errno(rawValue: 4095)).hasSuffix("(errno 4095)"))
    }
}
