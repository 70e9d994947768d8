import EventModel
import InputDevices
import InputEvents
import Wayfinder

/// `wayfinder devices [--json]`: lists the attached input devices.
struct DevicesCommand: Command {
    static let name = "devices"
    static let examples = [Example("wayfinder devices --json", "every device as a JSON object")]
    static let abstract = "Lists attached input devices: node, name, kind, size in mm, capabilities."
    static let discussion = """
        With no devices, or none that can be opened, it says so and how to fix it, and exits 0.
        With --json, each device is one JSON object on its own line, and the explanation goes to
        standard error.
        """
    static let json = CommandOption.flag("--json", help: "Prints one JSON object per device.")
    static let options = [json]

    /// Whether to print JSON lines instead of text.
    var isJSON: Bool

    init(parsing arguments: ParsedArguments) {
        isJSON = arguments.contains(Self.json)
    }

    /// One listed device: its node and either its description or why it could not be opened.
    struct Listing {
        var node: DeviceNode
        var outcome: Result<DeviceDescription, DeviceError>
    }

    func run() throws {
        let nodes = try DeviceDiscovery.attachedDevices()
        var standardOutput = CommandOutput.standard
        var standardError = FileStream.standardError
        guard !nodes.isEmpty else {
            if isJSON {
                print(Self.noDevicesAdvice, terminator: "", to: &standardError)
            } else {
                print(Self.noDevicesAdvice, terminator: "", to: &standardOutput)
            }
            return
        }
        let listings = nodes.map { node in
            let outcome: Result<DeviceDescription, DeviceError>
            do throws(DeviceError) {
                let device = try InputDevice(opening: node.path, udevProperties: node.udevProperties)
                outcome = .success(device.description)
            } catch {
                outcome = .failure(error)
            }
            return Listing(node: node, outcome: outcome)
        }
        for listing in listings {
            if isJSON {
                print(Self.jsonLine(for: listing).text, to: &standardOutput)
            } else {
                print(Self.text(for: listing), to: &standardOutput)
            }
        }
        let deniedCount = listings.filter { listing in
            if case .failure(let error) = listing.outcome { error.isPermissionDenied } else { false }
        }.count
        if deniedCount > 0 {
            let summary =
                deniedCount == listings.count
                ? "Found \(deniedCount) input device(s) but may not open any of them: permission denied.\n"
                : "\(deniedCount) of \(listings.count) input devices could not be opened: permission denied.\n"
            let advice = summary + DeviceError.permissionAdvice + ".\n"
            if isJSON {
                print(advice, terminator: "", to: &standardError)
            } else {
                print("\n" + advice, terminator: "", to: &standardOutput)
            }
        }
    }

    /// What to say when there are no event nodes at all.
    static let noDevicesAdvice = """
        No input devices found: there are no event nodes (/dev/input/event*).
        They appear when the kernel has input devices and its evdev driver loaded. In a container,
        pass the devices in (for example `docker run --device /dev/input/event3 …`); in a virtual
        machine, attach a USB keyboard, mouse or tablet. Without any device, `wayfinder replay` works
        on recordings.

        """

    /// Returns the text block for a device.
    static func text(for listing: Listing) -> String {
        var text = listing.node.path + "\n"
        switch listing.outcome {
        case .success(let description):
            let size = description.physicalSize.map(Self.sizeText) ?? "unknown"
            let capabilities = description.capabilities.names
            text += "  name:          \(description.name)\n"
            text += "  kind:          \(description.kind.rawValue)\n"
            text += "  size:          \(size)\n"
            text += "  id:            \(identityText(description.identity))\n"
            text += "  capabilities:  \(capabilities.isEmpty ? "none" : capabilities.joined(separator: ", "))"
        case .failure(let error):
            text += "  error:         \(error.errno)"
        }
        return text
    }

    /// Returns the JSON object for a device.
    static func jsonLine(for listing: Listing) -> JSONLine {
        var line = JSONLine()
        line.append("node", listing.node.path)
        switch listing.outcome {
        case .success(let description):
            line.append("name", description.name)
            line.append("kind", description.kind.rawValue)
            if let size = description.physicalSize {
                var sizeObject = JSONLine()
                sizeObject.append("width", (size.width * 10).rounded() / 10)
                sizeObject.append("height", (size.height * 10).rounded() / 10)
                line.append("size", object: sizeObject)
            } else {
                line.appendNull("size")
            }
            line.append("bus", Int(description.identity.busType))
            line.append("vendor", Int(description.identity.vendorID))
            line.append("product", Int(description.identity.productID))
            line.append("capabilities", strings: description.capabilities.names)
        case .failure(let error):
            line.append("error", String(describing: error))
        }
        return line
    }

    /// Returns a size as `95.2 × 50.1 mm`.
    static func sizeText(_ size: PhysicalSize) -> String {
        "\(oneDecimal(size.width)) × \(oneDecimal(size.height)) mm"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    private static func identityText(_ identity: DeviceIdentity) -> String {
        func hex(_ value: UInt16) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        return "bus \(hex(identity.busType)) vendor \(hex(identity.vendorID)) product \(hex(identity.productID))"
    }
}
