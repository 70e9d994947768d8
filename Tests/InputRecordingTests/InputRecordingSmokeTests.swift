import Testing

@Suite struct InputRecordingSmokeTests {
    @Test func arithmeticStillWorks() {
        #expect([1, 2, 3].reduce(0, +) == 6)
    }
}
