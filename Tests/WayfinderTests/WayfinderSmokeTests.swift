import Testing

@Suite struct WayfinderSmokeTests {
    @Test func arithmeticStillWorks() {
        #expect([1, 2, 3].reduce(0, +) == 6)
    }
}
