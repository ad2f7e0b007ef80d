// Run after the program of ReSwiftPersistence's "Persisting State" with the status line
// (GuideProgramTests): with no file the read finds no todos; a bad file is then set aside, and
// the status line says where (the test reads what it printed).
import Foundation
import ReSwiftPersistence
import Testing

@MainActor @Test func aBadFileIsSetAsideAndTheStatusLineSaysWhere() throws {
    #expect(todos.isEmpty)
    try Data("{ cut sh".utf8).write(to: url)
    #expect(try file.load() == nil, "the app starts from its defaults")
    let folder = url.deletingLastPathComponent()
    let moved = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.hasPrefix("todos.json.moved-")
    }
    #expect(moved.count == 1, "\(moved)")
}
