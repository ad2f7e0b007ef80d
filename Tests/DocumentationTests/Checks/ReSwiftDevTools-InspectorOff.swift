// Run after the first program of ReSwiftDevTools' "Inspecting a Running App" (GuideProgramTests),
// without RESWIFT_INSPECT: the store dispatches as without the middleware, and nothing listens.
import Foundation
import ReSwift
import ReSwiftDevTools
import Testing

@MainActor @Test func withoutTheVariableTheStoreIsNotInspectable() throws {
    #expect(ProcessInfo.processInfo.environment["RESWIFT_INSPECT"] == nil)
    store.dispatch(SetTitles(titles: ["milk"]))
    #expect(store.state.titles == ["milk"])
    #expect(try InspectableProcess.all().allSatisfy { $0.pid != getpid() })
}
