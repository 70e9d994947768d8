/// Why the accessibility bus cannot be reached or used: no session bus, no accessibility bus, a
/// registry that refused the application, a connection that broke.
///
/// The description is a sentence fragment for a warning, naming what was tried:
/// `no accessibility bus: the session bus at unix:path=/run/user/1000/bus is unreachable (…)`.
public struct AccessibilityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What failed, in words.
    public var description: String

    /// Creates an error with a description.
    public init(_ description: String) {
        self.description = description
    }
}
