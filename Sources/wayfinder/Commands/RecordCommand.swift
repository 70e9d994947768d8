/// `wayfinder record`: records events from attached devices until Ctrl-C or SIGTERM.
struct RecordCommand: Command {
    /// The file formats a recording can be written in.
    enum Format: String, CaseIterable, Sendable {
        /// evemu's text format: one device per file.
        case evemu
        /// `libinput record`'s YAML: several devices in one file.
        case libinput
    }

    static let name = "record"
    static let abstract = "Records events from attached devices until Ctrl-C."
    static let usage = "wayfinder record [--format evemu|libinput] [-o FILE] [--show-keycodes] [DEVICE…]"
    static let discussion = """
        With no DEVICE it records every attached device. Keyboard keys are written obfuscated \
        (a recording of a keyboard is a recording of passwords) unless --show-keycodes is given.
        """
    static let options = [
        OptionHelp("--format evemu|libinput", "The file format (default: libinput; evemu takes one DEVICE)."),
        OptionHelp("-o, --output FILE", "Writes the recording to FILE instead of standard output."),
        OptionHelp("--show-keycodes", "Keeps the real key codes of keyboards."),
        OptionHelp("DEVICE…", "Event device nodes such as /dev/input/event3."),
    ]

    /// The file format.
    var format = Format.libinput
    /// The output file; standard output when nil.
    var outputPath: String?
    /// Whether to keep real key codes.
    var showsKeyCodes = false
    /// The device nodes to record; all attached devices when empty.
    var devicePaths: [String] = []

    init(arguments: inout ArgumentCursor) throws(UsageError) {
        while let argument = try arguments.next() {
            switch argument {
            case .option("--format"): format = try arguments.value(for: "--format", as: Format.self)
            case .option("-o"), .option("--output"): outputPath = try arguments.value(for: "-o")
            case .option("--show-keycodes"): showsKeyCodes = true
            case .positional(let path): devicePaths.append(path)
            default: throw argument.unexpected
            }
        }
    }

    func validate() throws(UsageError) {
        if format == .evemu && devicePaths.count != 1 {
            throw UsageError("An evemu recording holds one device: name exactly one DEVICE")
        }
    }

    func run() throws {
        throw CommandFailure("recording is not implemented")
    }
}
