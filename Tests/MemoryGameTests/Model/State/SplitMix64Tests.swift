import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

@Suite struct SplitMix64Tests {
    @Test func seedZeroGivesTheReferenceSequence() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func equalSeedsShuffleEqually() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        let numbers = Array(0..<16)
        #expect(first.shuffled(numbers) == second.shuffled(numbers))
    }

    @Test func differentSeedsShuffleDifferently() {
        var first = SplitMix64(seed: 1)
        var second = SplitMix64(seed: 2)
        let numbers = Array(0..<16)
        #expect(first.shuffled(numbers) != second.shuffled(numbers))
    }

    @Test func shuffleKeepsEveryElement() {
        var generator = SplitMix64(seed: 7)
        let numbers = Array(0..<50)
        #expect(generator.shuffled(numbers).sorted() == numbers)
    }

    @Test func nextIntStaysBelowItsBound() {
        var generator = SplitMix64(seed: 3)
        for bound in [1, 2, 3, 7, 16, 1000] {
            for _ in 0..<200 {
                let value = generator.nextInt(below: bound)
                #expect(value >= 0 && value < bound)
            }
        }
    }
}
