// Run after the "Change the format" program of ReSwiftPersistence's "Persisting State"
// (GuideProgramTests), which found a todos.json at version 1 (`name`, not `title`): the update
// read it through the migration, added its todo, and saved both at version 2.
import Foundation
import ReSwiftPersistence
import Testing

@MainActor @Test func theUpdateMigratedTheOldFileAndSavedItAtVersion2() throws {
    #expect(try file.load() == [Todo(title: "Buy milk"), Todo(title: "Buy milk")])
    let saved = try String(contentsOf: url, encoding: .utf8)
    #expect(saved.contains(#""schemaVersion":2"#) || saved.contains(#""schemaVersion" : 2"#), "\(saved)")
    #expect(!saved.contains(#""name""#), "\(saved)")
}
