#if canImport(Glibc)
    import Glibc
#endif

/// The files ``OutputFile`` is writing and has not finished, so that a signal that ends the
/// process (Ctrl-C, `kill`, a closed terminal) removes them instead of leaving half a file.
///
/// ``OutputFile`` writes every file it creates under a temporary name beside the target and gives
/// it the target's name only when it is complete; this keeps those temporary names where a signal
/// handler can reach them without allocating (a fixed table of C strings), and
/// ``removeOnTerminationSignals()`` installs the handler.
///
/// ```swift
/// UnfinishedFiles.removeOnTerminationSignals()
/// var output = try OutputFile(creating: "session.yml")   // writes .session.yml.XXXXXX
/// try output.write(text)                                  // SIGINT here leaves nothing
/// try output.finish()                                     // session.yml appears, whole
/// ```
public enum UnfinishedFiles {
    /// How many files may be unfinished at once; a command writes one.
    static let capacity = 8
    /// The longest path kept, with its terminating zero (`PATH_MAX`).
    static let pathCapacity = Int(PATH_MAX)

    /// `capacity` zero-terminated paths; an empty one is a free slot. Written only by the main
    /// thread, read by the signal handler.
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<CChar> = {
        let paths = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * pathCapacity)
        paths.initialize(repeating: 0, count: capacity * pathCapacity)
        return paths
    }()

    /// Keeps `path` until ``forget(_:)``; returns its slot, or nil when the table is full or the
    /// path too long (the file is then only removed on the ways out Swift sees).
    static func remember(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count < pathCapacity else { return nil }
        for slot in 0..<capacity where paths[slot * pathCapacity] == 0 {
            let start = paths + slot * pathCapacity
            // The first byte last: the handler sees the slot in use only once the path is whole.
            start[bytes.count] = 0
            for (offset, byte) in bytes.enumerated().reversed() { start[offset] = CChar(bitPattern: byte) }
            return slot
        }
        return nil
    }

    /// Frees a slot from ``remember(_:)``.
    static func forget(_ slot: Int?) {
        guard let slot else { return }
        paths[slot * pathCapacity] = 0
    }

    /// Removes every unfinished file; safe in a signal handler (it only calls `unlink`).
    public static func removeAll() {
        for slot in 0..<capacity where paths[slot * pathCapacity] != 0 {
            unlink(paths + slot * pathCapacity)
        }
    }

    /// Makes SIGINT, SIGTERM and SIGHUP remove the unfinished files, then end the process as the
    /// signal would have (so that the parent sees the signal). The signals are unblocked: a
    /// parent may have started the process with them blocked (signal masks are inherited).
    public static func removeOnTerminationSignals() {
        _ = paths
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            sigaddset(&signals, number)
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                UnfinishedFiles.removeAll()
                signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
