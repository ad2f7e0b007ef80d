/// What a library says about a book, in the service's words (`貸出可`, …) with an English one.
package struct Availability: Hashable, Sendable, Codable {
    /// The service's value, e.g. `貸出可`.
    package let japanese: String

    /// The documented values, in the order of their English words' table in the README.
    package static let known: [(japanese: String, english: String)] = [
        ("貸出可", "available"), ("蔵書あり", "held"), ("館内のみ", "reference only"),
        ("貸出中", "on loan"), ("予約中", "reserved"), ("準備中", "being prepared"),
        ("休館中", "closed"), ("蔵書なし", "not held"),
    ]

    package init(_ japanese: String) {
        self.japanese = japanese
    }

    package init(from decoder: any Decoder) throws {
        japanese = try decoder.singleValueContainer().decode(String.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(japanese)
    }

    /// The English word; `unknown` for a value the service didn't document.
    package var english: String {
        Self.known.first { $0.japanese == japanese }?.english ?? "unknown"
    }

    /// Whether the library has the book at all (any value but `蔵書なし`).
    package var isHeld: Bool { japanese != "蔵書なし" }
}

/// How far the service got with one library system's catalogue.
package enum SystemStatus: Hashable, Sendable {
    /// Done.
    case ok
    /// Done, answered from the service's cache.
    case cache
    /// Still asking the catalogue.
    case running
    /// The catalogue failed.
    case error
    /// A status the service didn't document (kept as sent).
    case other(String)

    package init(_ text: String) {
        switch text {
        case "OK": self = .ok
        case "Cache": self = .cache
        case "Running": self = .running
        case "Error": self = .error
        default: self = .other(text)
        }
    }

    /// The service's word.
    package var text: String {
        switch self {
        case .ok: "OK"
        case .cache: "Cache"
        case .running: "Running"
        case .error: "Error"
        case .other(let text): text
        }
    }

    /// Whether the system has answered (`OK`, `Cache`, `Error`, or anything else not `Running`).
    package var isAnswered: Bool { self != .running }
}

/// One system's answer for one book.
package struct SystemAvailability: Equatable, Sendable {
    /// How far the search got.
    package var status: SystemStatus
    /// The system's page for the book (to reserve it); `nil` when the service gave none.
    package var reserveURL: String?
    /// Each library of the system (by its `libkey`, the short name) with what it says.
    package var libraries: [String: Availability]

    package init(status: SystemStatus, reserveURL: String? = nil, libraries: [String: Availability] = [:]) {
        self.status = status
        self.reserveURL = reserveURL
        self.libraries = libraries
    }
}

/// One answer of `/check`: the session to poll with, whether to poll, and what is known so far.
package struct AvailabilityAnswer: Equatable, Sendable {
    /// The session to poll with (`nil` when the service sent none).
    package var session: String?
    /// Whether the search is still running (`continue` is 1).
    package var continues: Bool
    /// Per ISBN (the 13 digits as asked), per system id.
    package var books: [String: [String: SystemAvailability]]
}
