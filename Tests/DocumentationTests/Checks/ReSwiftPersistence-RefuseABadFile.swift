// Run after the "Say what happens to a bad file" program of ReSwiftPersistence's "Persisting
// State" (GuideProgramTests), which found a bad todos.json: the file was refused, then set aside
// untouched, and the path is free for a new list (what it printed, the test reads).
import Foundation
import ReSwiftPersistence
import Testing

@MainActor @Test func theBadFileWasSetAsideUntouched() throws {
    #expect(try file.read() == nil, "nothing is left at \(url.path)")
    let folder = url.deletingLastPathComponent()
    let moved = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.hasPrefix("todos.json.moved-")
    }
    try #require(moved.count == 1, "\(moved)")
    #expect(try String(contentsOf: folder.appendingPathComponent(moved[0]), encoding: .utf8) == "{ cut sh")
}
