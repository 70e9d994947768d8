import EventModel

/// `--stream-version`, which every command that prints the JSON lines stream takes (`replay`,
/// `run`, `demo`): the contract's previous version, kept for one release.
enum StreamVersionOption {
    /// The option, defined once for every command that takes it.
    static let option = CommandOption.value(
        "--stream-version", placeholder: "1|2",
        help: "Prints this version of the JSON lines contract (default 2; 1 is kept for one release).")

    /// The version the command line asks for, else the current one.
    /// - Throws: ``UsageError`` for a version that does not exist.
    static func version(from arguments: ParsedArguments) throws(UsageError) -> StreamVersion {
        guard let text = arguments.value(of: option) else { return .current }
        guard let number = Int(text), let version = StreamVersion(rawValue: number) else {
            let known = StreamVersion.allCases.map { "\($0.rawValue)" }.joined(separator: " or ")
            throw UsageError("'--stream-version' must be \(known), not '\(text)'")
        }
        return version
    }
}
