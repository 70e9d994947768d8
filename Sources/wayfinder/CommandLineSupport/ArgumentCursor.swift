/// One command-line argument as a command sees it while parsing.
enum Argument: Hashable, Sendable {
    /// An option such as `--json`, `-o` or `--format` (without any `=value` part).
    case option(String)
    /// Any other argument, or anything after `--`.
    case positional(String)

    /// The usage error for an argument the command did not expect.
    var unexpected: UsageError {
        switch self {
        case .option(let name): .unknownOption(name)
        case .positional(let value): .unexpectedArgument(value)
        }
    }
}

/// Walks the arguments of one command, splitting `--name=value`, honouring `--`, and handing out
/// option values.
///
/// ```swift
/// var cursor = ArgumentCursor(["--format=evemu", "-o", "out.evemu", "/dev/input/event3"])
/// while let argument = try cursor.next() {
///     switch argument {
///     case .option("--format"): format = try cursor.value(for: "--format", as: RecordFormat.self)
///     case .option("-o"): output = try cursor.value(for: "-o")
///     case .positional(let path): devices.append(path)
///     default: throw argument.unexpected
///     }
/// }
/// ```
struct ArgumentCursor: Sendable {
    private let arguments: [String]
    private var index = 0
    /// The value written as `--name=value` for the option just returned, until it is taken.
    private var attachedValue: (option: String, value: String)?
    private var isPastTerminator = false

    /// Creates a cursor over a command's arguments (without the command's name).
    init(_ arguments: some Sequence<String>) {
        self.arguments = Array(arguments)
    }

    /// Whether the arguments ask for help (`-h` or `--help` before any `--`).
    var requestsHelp: Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "-h" || argument == "--help" { return true }
        }
        return false
    }

    /// Whether the arguments ask for the version (`--version` before any `--`).
    var requestsVersion: Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--version" { return true }
        }
        return false
    }

    /// Returns the next argument, or nil at the end.
    /// - Throws: ``UsageError`` when the previous option was given `=value` but takes none.
    mutating func next() throws(UsageError) -> Argument? {
        if let attachedValue {
            throw UsageError("'\(attachedValue.option)' does not take a value")
        }
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        if isPastTerminator { return .positional(argument) }
        if argument == "--" {
            isPastTerminator = true
            return try next()
        }
        guard argument.hasPrefix("-"), argument != "-" else { return .positional(argument) }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            let name = String(argument[..<equals])
            attachedValue = (name, String(argument[argument.index(after: equals)...]))
            return .option(name)
        }
        return .option(argument)
    }

    /// Returns the value of the option just returned by ``next()``: its `=value` part, or the
    /// following argument.
    /// - Throws: ``UsageError`` when there is no value.
    mutating func value(for option: String) throws(UsageError) -> String {
        if let attachedValue {
            self.attachedValue = nil
            return attachedValue.value
        }
        guard index < arguments.count, !isPastTerminator else { throw .missingValue(for: option) }
        let value = arguments[index]
        guard value != "--" else { throw .missingValue(for: option) }
        index += 1
        return value
    }

    /// Returns the value of the option just returned, as one of a fixed set of choices.
    /// - Throws: ``UsageError`` when the value is missing or is not one of the choices.
    mutating func value<Choice: RawRepresentable & CaseIterable>(
        for option: String,
        as choice: Choice.Type
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        let text = try value(for: option)
        guard let value = Choice(rawValue: text) else {
            throw .invalidValue(text, for: option, choices: Choice.allCases.map(\.rawValue))
        }
        return value
    }
}
