/// Objects the process keeps until it exits, instead of freeing them when a command returns.
///
/// A large scene is a graph of hundreds of thousands of objects; freeing it one by one takes a
/// noticeable part of a short command's run (a sixth of `replay --scene` on a 100,000-node grid)
/// for memory the kernel takes back at `exit` anyway. Only objects whose release has no effect
/// beyond memory belong here: nothing that flushes, closes, ungrabs or restores on `deinit`.
enum ProcessLifetime {
    /// The objects kept; the command line runs on one thread.
    nonisolated(unsafe) private static var kept: [AnyObject] = []

    /// Keeps `object` alive until the process exits.
    static func keepUntilExit(_ object: AnyObject) {
        kept.append(object)
    }
}
