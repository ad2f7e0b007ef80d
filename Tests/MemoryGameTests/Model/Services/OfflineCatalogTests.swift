import Testing

@testable import MemoryGameModel
@testable import MemoryGameTerminal

@Suite struct OfflineCatalogTests {
    @Test(arguments: MusicCategory.allCases)
    func everyCategoryHoldsEnoughDistinctAlbumsForSeveralGames(category: MusicCategory) async throws {
        let albums = try await OfflineCatalog.standard.albums(for: category)
        #expect(albums.count >= 2 * GameRules.pairCount)
        #expect(Set(albums).count == albums.count)
        #expect(albums.allSatisfy { !$0.artist.isEmpty && !$0.title.isEmpty })
    }

    @Test func categoryNamesParseIgnoringCase() {
        #expect(MusicCategory(name: "rock") == .rock)
        #expect(MusicCategory(name: " Metal ") == .metal)
        #expect(MusicCategory(name: "ELECTRONIC") == .electronic)
        #expect(MusicCategory(name: "jazz") == nil)
    }
}
