import Foundation

// A session file is JSON Lines: a header line, then one line per recorded action, e.g.
//
//   {"format":"ReSwiftDevTools.session","started":1795939200.5,"version":1}
//     (with "initialState":{...} when the recorder was given one)
//   {"action":{"title":"milk"},"index":0,"time":1795939201.25,"type":"AddTodo"}
//     (with "callSite":"TodoTerminal/TodoCommand.swift:42" when the dispatch carried one; sessions
//     written without call sites load as before)
//
// Times are seconds since 1970 (UTC). Keys are sorted, so files diff well.

/// The first line of a session file.
struct SessionHeader: Codable {
    static let formatName = "ReSwiftDevTools.session"
    static let currentVersion = 1

    var format: String
    var version: Int
    var started: Double

    init(started: Double) {
        self.format = SessionHeader.formatName
        self.version = SessionHeader.currentVersion
        self.started = started
    }
}

/// A header line that also holds the state the recording started from.
struct HeaderWithInitialState<InitialState: Encodable>: Encodable {
    var header: SessionHeader
    var initialState: InitialState

    private enum CodingKeys: String, CodingKey {
        case initialState
    }

    func encode(to encoder: any Encoder) throws {
        try header.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(initialState, forKey: .initialState)
    }
}

/// Reads the initial state, if any, from a header line.
struct InitialStateReader<InitialState: Decodable>: Decodable {
    var initialState: InitialState?
}

/// What a session line says besides the action.
struct EntryMetadata: Codable {
    /// The registered name of the action's type.
    var type: String
    /// The position among the recorded actions, from 0.
    var index: Int
    /// When the action was dispatched, in seconds since 1970.
    var time: Double
    /// Where the action was dispatched from (`"fileID:line"`), when the dispatch said; absent
    /// from sessions recorded before call sites were kept.
    var callSite: String?
}

/// A whole session line: the metadata and the encoded action.
struct EntryLine<A: Codable>: Codable {
    var meta: EntryMetadata
    var action: A

    init(meta: EntryMetadata, action: A) {
        self.meta = meta
        self.action = action
    }

    private enum CodingKeys: String, CodingKey {
        case type, index, time, callSite, action
    }

    init(from decoder: any Decoder) throws {
        meta = try EntryMetadata(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        action = try container.decode(A.self, forKey: .action)
    }

    func encode(to encoder: any Encoder) throws {
        try meta.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action, forKey: .action)
    }
}

enum SessionCoding {
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
