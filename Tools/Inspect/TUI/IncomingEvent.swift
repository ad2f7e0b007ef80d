import Foundation
import ReSwiftPersistence

/// One line an app's inspector endpoint sent, decoded (see the protocol in ReSwiftDevTools'
/// `InspectorEvent.swift`). Fields a type doesn't carry are `nil`.
struct IncomingEvent: Equatable, Sendable, Decodable {
    struct Difference: Equatable, Sendable, Decodable {
        var path: String
        var before: String?
        var after: String?
    }

    var type: String
    // hello
    var app: String?
    var pid: Int32?
    var stateType: String?
    var timeTravel: Bool?
    // action, state
    var seq: UInt64?
    var action: String?
    var actionType: String?
    var payload: JSONValue?
    var description: String?
    var durationNs: UInt64?
    var callSite: String?
    var diff: [Difference]?
    var state: JSONValue?
    var historyIndex: Int?
    // gap, notices
    var lost: UInt64?
    var message: String?
    var on: Bool?

    init(type: String) {
        self.type = type
    }

    /// The event on a line, or `nil` when the line isn't one.
    static func decode(_ line: Data) -> IncomingEvent? {
        try? JSONDecoder().decode(IncomingEvent.self, from: line)
    }
}
