import Foundation
import InputRecording
import WayfinderTestSupport

/// Parse throughput of the recording readers.
enum RecordingBenchmarks {
    /// The largest bundled recording (193 KB, about 3,400 frames of a five-slot touchpad).
    static let largeRecording = "touchpad/evemu-devices_bcm5974-apple.three-finger-click.evemu"

    static func evemuBytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Fixtures.recording(largeRecording)))
    }

    /// The same recording written as libinput-record YAML by the package's own writer.
    static func yamlBytes() throws -> [UInt8] {
        let recording = try Recording.evemu(try evemuBytes(), file: largeRecording)
        return Array(recording.libinputRecordText().utf8)
    }

    static var all: [Benchmark] {
        let evemuSize = (try? evemuBytes().count) ?? 0
        let yamlSize = (try? yamlBytes().count) ?? 0
        return [
            Benchmark(
                operation: "parse",
                name: "parse.evemu",
                allocationLimit: nil,
                warmUpOperations: 2,
                throughput: .bytes(evemuSize),
                makeWorkload: {
                    let bytes = try evemuBytes()
                    // Fail loudly here rather than time a parse that throws.
                    _ = try Recording.evemu(bytes, file: largeRecording)
                    var frames = 0
                    return { count in
                        for _ in 0..<count {
                            frames &+= (try? Recording.evemu(bytes, file: largeRecording))?.devices[0].frames.count ?? 0
                        }
                        blackHole(frames)
                    }
                }
            ),
            Benchmark(
                operation: "parse",
                name: "parse.yaml",
                allocationLimit: nil,
                warmUpOperations: 2,
                throughput: .bytes(yamlSize),
                makeWorkload: {
                    let bytes = try yamlBytes()
                    _ = try Recording.libinputRecord(bytes, file: "bcm5974.yml")
                    var frames = 0
                    return { count in
                        for _ in 0..<count {
                            frames &+=
                                (try? Recording.libinputRecord(bytes, file: "bcm5974.yml"))?.devices[0].frames.count
                                ?? 0
                        }
                        blackHole(frames)
                    }
                }
            ),
        ]
    }
}
