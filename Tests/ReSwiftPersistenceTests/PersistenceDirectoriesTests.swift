import Foundation
import Testing

@testable import ReSwiftPersistence

@Suite struct PersistenceDirectoriesTests {
    #if !canImport(Darwin)
        @Test func dataUsesXDGDataHomeWhenSet() {
            let url = PersistenceDirectories.data(
                appName: "todo", environment: ["XDG_DATA_HOME": "/xdg/data", "HOME": "/home/ana"])
            #expect(url.path == "/xdg/data/todo")
        }

        @Test func dataFallsBackToLocalShareUnderHome() {
            #expect(
                PersistenceDirectories.data(appName: "todo", environment: ["HOME": "/home/ana"]).path
                    == "/home/ana/.local/share/todo")
        }

        @Test func relativeOrEmptyXDGValuesAreIgnoredAsTheSpecSays() {
            for value in ["", "relative/dir"] {
                let url = PersistenceDirectories.data(
                    appName: "todo", environment: ["XDG_DATA_HOME": value, "HOME": "/home/ana"])
                #expect(url.path == "/home/ana/.local/share/todo")
            }
        }

        @Test func cacheUsesXDGCacheHomeOrDotCache() {
            #expect(
                PersistenceDirectories.cache(
                    appName: "library-finder",
                    environment: ["XDG_CACHE_HOME": "/xdg/cache", "HOME": "/home/ana"]
                ).path == "/xdg/cache/library-finder")
            #expect(
                PersistenceDirectories.cache(appName: "library-finder", environment: ["HOME": "/home/ana"])
                    .path
                    == "/home/ana/.cache/library-finder")
        }
    #endif

    @Test func dataAndCacheAreDifferentFoldersNamedForTheApp() {
        let data = PersistenceDirectories.data(appName: "memory-game")
        let cache = PersistenceDirectories.cache(appName: "memory-game")
        #expect(data.lastPathComponent == "memory-game")
        #expect(cache.lastPathComponent == "memory-game")
        #expect(data != cache)
    }
}
