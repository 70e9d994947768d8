import Testing

@Suite struct InputDevicesSmokeTests {
    @Test func arithmeticStillWorks() {
        #expect([1, 2, 3].reduce(0, +) == 6)
    }
}
