import ArgumentParsing
import Foundation

/// Why albums could not be fetched. The ``description`` says what happened and what to do.
public struct AlbumSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        /// The server could not be reached at all (no network, unknown host, connection refused).
        case unreachable(detail: String)
        /// The server did not answer within the timeout.
        case timedOut(seconds: Double)
        /// The server answered with a status other than 2xx.
        case httpStatus(Int)
        /// The body was not the JSON the service sends.
        case malformedResponse(detail: String)
        /// The server answered, but not with a usable HTTP answer (not HTTP, headers or body too
        /// large); `detail` says which.
        case unusableReply(detail: String)
        /// Fewer distinct albums than a game needs.
        case tooFewAlbums(found: Int, needed: Int)
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    /// Whether the service could not be reached or did not answer in time, in which case the game
    /// falls back to the offline catalog on its own (the other failures ask the player first).
    public var isConnectivityProblem: Bool {
        switch kind {
        case .unreachable, .timedOut: return true
        case .httpStatus, .malformedResponse, .unusableReply, .tooFewAlbums: return false
        }
    }

    /// A few words for the status line when the offline catalog stands in: "iTunes unreachable"
    /// or "iTunes timed out".
    public var shortReason: String {
        switch kind {
        case .unreachable: return "iTunes unreachable"
        case .timedOut: return "iTunes timed out"
        case .httpStatus(let status): return "iTunes HTTP \(status)"
        case .malformedResponse, .unusableReply: return "iTunes reply unreadable"
        case .tooFewAlbums: return "too few iTunes albums"
        }
    }

    /// What happened, for the player.
    public var description: String {
        switch kind {
        case .unreachable(let detail):
            return "The iTunes Search API can't be reached (\(detail))."
        case .timedOut(let seconds):
            return "The iTunes Search API didn't answer within \(SecondsText.phrase(seconds))."
        case .httpStatus(let status):
            return "The iTunes Search API answered with HTTP status \(status)."
        case .malformedResponse(let detail):
            return "The iTunes Search API sent a reply that isn't the expected JSON (\(detail))."
        case .unusableReply(let detail):
            return "The server answered, but \(detail), so it wasn't used; check that --api-base points at "
                + "the iTunes Search API."
        case .tooFewAlbums(0, let needed):
            return "The iTunes Search API found no albums; a game needs \(needed)."
        case .tooFewAlbums(1, let needed):
            return "The iTunes Search API found only 1 distinct album; a game needs \(needed)."
        case .tooFewAlbums(let found, let needed):
            return "The iTunes Search API found only \(found) distinct albums; a game needs \(needed)."
        }
    }
}
