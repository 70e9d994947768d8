import InputDevices
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

@Suite(.serialized) struct StopSignalsTests {
    @Test func aSignalMakesTheDescriptorReadableAndIsReportedOnce() throws {
        let stop = try StopSignals()
        let descriptor = stop.withFileDescriptor { $0 }
        #expect(try Readiness.waitForReadable([descriptor], timeout: .zero) == [false])
        #expect(stop.receivedSignal() == nil)
        // With the handler installed, SIGTERM only writes to the pipe (the wait returns at once).
        #expect(kill(getpid(), SIGTERM) == 0)
        #expect(try Readiness.waitForReadable([descriptor], timeout: .seconds(5)) == [true])
        #expect(stop.receivedSignal() == SIGTERM)
        #expect(stop.receivedSignal() == nil)
        #expect(kill(getpid(), SIGINT) == 0)
        #expect(try Readiness.waitForReadable([descriptor], timeout: .seconds(5)) == [true])
        #expect(stop.receivedSignal() == SIGINT)
        // The terminal going away and SIGQUIT stop as cleanly (issue 23).
        for number in [SIGHUP, SIGQUIT] {
            #expect(kill(getpid(), number) == 0)
            #expect(try Readiness.waitForReadable([descriptor], timeout: .seconds(5)) == [true])
            #expect(stop.receivedSignal() == number)
        }
    }

    @Test func aStopSignalEndsASessionAndClosesItsDevices() throws {
        let pipes = try PipeBank(names: ["a"])
        let session = try pipes.makeSession(["a"], handlesStopSignals: true)
        #expect(try session.poll(timeout: .zero) { _ in })
        #expect(kill(getpid(), SIGINT) == 0)
        // The signal wakes the wait at once; the timeout only guards against a hang.
        let keepsRunning = try session.poll(timeout: .seconds(5)) { _ in }
        #expect(!keepsRunning)
        #expect(session.stopSignal == SIGINT)
        #expect(session.devicePaths.isEmpty)
    }
}
