import CBaselines
import Foundation

/// The C baselines (`Benchmarks/CBaselines`) as workloads.
enum Baselines {
    /// The name the report gives the `read(2)` baseline.
    static let frameReadName = "read(2)"

    /// A pipe holding input frames; a class because the workload's closure shares it, and it
    /// closes the pipe when the last reference goes.
    private final class FramePipe {
        var pipe = CBaselines_FramePipe()

        init() throws {
            let result = CBaselines_FramePipe_open(&pipe)
            guard result == 0 else {
                throw BenchmarkError(description: "pipe2 failed: \(String(cString: strerror(-result)))")
            }
        }

        deinit { CBaselines_FramePipe_close(&pipe) }
    }

    /// `read(2)` of one 72-byte frame (three `struct input_event`s) from a pipe that holds it: what
    /// the kernel charges to hand a process one frame. One operation is one read.
    static func frameRead() throws -> Workload {
        let framePipe = try FramePipe()
        return Workload.timingItself(frameReadName) { count in
            let nanoseconds = CBaselines_FramePipe_readFrames(&framePipe.pipe, UInt64(count))
            if nanoseconds < 0 {
                fatalBenchmarkError(
                    "read(2) from the frame pipe failed: \(String(cString: strerror(Int32(-nanoseconds))))")
            }
            return Double(nanoseconds)
        }
    }

    /// libevemu reading a whole evemu file held in memory; one operation is one file.
    /// - Returns: The workload, and the number of events libevemu reads from the file.
    static func evemuRead(_ bytes: [UInt8]) throws -> (Workload, events: Int) {
        let events = bytes.withUnsafeBufferPointer { CBaselines_evemuReadAll($0.baseAddress, $0.count) }
        guard events > 0 else { throw BenchmarkError(description: "libevemu could not read the file") }
        let workload = Workload("libevemu") { count in
            var read: Int64 = 0
            bytes.withUnsafeBufferPointer { buffer in
                for _ in 0..<count { read &+= CBaselines_evemuReadAll(buffer.baseAddress, buffer.count) }
            }
            blackHole(Int(read))
        }
        return (workload, Int(events))
    }

    /// A bare libyaml event walk over a document held in memory; one operation is one document.
    static func yamlWalk(_ bytes: [UInt8]) throws -> Workload {
        let events = bytes.withUnsafeBufferPointer { CBaselines_yamlWalk($0.baseAddress, $0.count) }
        guard events > 0 else { throw BenchmarkError(description: "libyaml could not parse the file") }
        return Workload("libyaml event walk") { count in
            var walked: Int64 = 0
            bytes.withUnsafeBufferPointer { buffer in
                for _ in 0..<count { walked &+= CBaselines_yamlWalk(buffer.baseAddress, buffer.count) }
            }
            blackHole(Int(walked))
        }
    }

    /// The index FocusFinder's linear scan moves to from `focused`, or nil.
    static func focusFinderScan(_ rects: [CBaselines_Rect], from focused: Int, _ direction: CBaselines_Direction)
        -> Int?
    {
        let index = rects.withUnsafeBufferPointer {
            CBaselines_focusFinderScan($0.baseAddress, $0.count, focused, direction)
        }
        return index < 0 ? nil : Int(index)
    }
}

extension Harness {
    /// A row timing one frame of `run` against `read(2)` of a frame: the classification and
    /// pipeline rows.
    /// - Parameters:
    ///   - name: The row's name.
    ///   - run: Processes the number of frames it is given.
    ///   - targets: The row's targets.
    func rowAgainstFrameRead(_ name: String, run: @escaping (Int) -> Void, targets: [Target] = []) throws -> Row {
        row(
            name,
            unit: "ns/frame",
            subject: Workload(name, body: run),
            baseline: (Baselines.frameReadName, try Baselines.frameRead()),
            targets: targets
        )
    }
}
