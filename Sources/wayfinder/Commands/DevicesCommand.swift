/// `wayfinder devices [--json]`: lists the attached input devices.
struct DevicesCommand: Command {
    static let name = "devices"
    static let abstract = "Lists attached input devices: node, name, kind, size in mm, capabilities."
    static let usage = "wayfinder devices [--json]"
    static let discussion = """
        With no devices, or none that can be opened, it says so and how to fix it, and exits 0.
        """
    static let options = [OptionHelp("--json", "Prints one JSON object per device.")]

    /// Whether to print JSON lines instead of text.
    var isJSON = false

    init(arguments: inout ArgumentCursor) throws(UsageError) {
        while let argument = try arguments.next() {
            switch argument {
            case .option("--json"): isJSON = true
            default: throw argument.unexpected
            }
        }
    }

    func run() throws {
        throw CommandFailure("listing devices is not implemented")
    }
}
