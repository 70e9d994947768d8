import Testing

@Suite struct CommandLineSmokeTests {
    @Test func arithmeticStillWorks() {
        #expect([1, 2, 3].reduce(0, +) == 6)
    }
}
