// Run after the "Choose the file" program of ReSwiftPersistence's "Persisting State"
// (GuideProgramTests): with no option given, the file is todos.json in the app's data folder.
import Foundation
import Testing

@MainActor @Test func withoutAnOptionTheFileIsInTheAppsDataFolder() {
    #expect(options.file == nil)
    #expect(url.lastPathComponent == "todos.json")
    #expect(url.deletingLastPathComponent().lastPathComponent == "todo")
}
