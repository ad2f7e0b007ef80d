/// The kind of a library, as the Calil API classifies it.
///
/// The API sends a code (`SMALL`, `MEDIUM`, `LARGE`, `UNIV`, `SPECIAL`, `BM`); a code this version
/// doesn't know is kept as ``other(_:)`` rather than rejected, so a new category never breaks a list.
package enum LibraryCategory: Hashable, Sendable {
    /// `SMALL`: a reading room or a community hall's book corner.
    case readingRoom
    /// `MEDIUM`: a local (municipal) library.
    case local
    /// `LARGE`: a regional or prefectural library.
    case regional
    /// `UNIV`: a university library.
    case university
    /// `SPECIAL`: a specialist library.
    case special
    /// `BM`: a mobile library (bookmobile).
    case mobile
    /// A code this version doesn't know, kept as sent.
    case other(String)

    /// The categories the Calil API documents, in the order they are listed in help texts.
    package static let documented: [LibraryCategory] = [
        .readingRoom, .local, .regional, .university, .special, .mobile,
    ]

    /// Creates the category for a Calil code; unknown or empty codes become ``other(_:)``.
    package init(code: String) {
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        switch trimmed.uppercased() {
        case "SMALL": self = .readingRoom
        case "MEDIUM": self = .local
        case "LARGE": self = .regional
        case "UNIV": self = .university
        case "SPECIAL": self = .special
        case "BM": self = .mobile
        default: self = .other(trimmed)
        }
    }

    /// The Calil API's code for this category.
    package var code: String {
        switch self {
        case .readingRoom: "SMALL"
        case .local: "MEDIUM"
        case .regional: "LARGE"
        case .university: "UNIV"
        case .special: "SPECIAL"
        case .mobile: "BM"
        case .other(let code): code
        }
    }

    /// The English name used by `--category` (and accepted back by ``init(argument:)``).
    package var optionName: String {
        switch self {
        case .readingRoom: "reading-room"
        case .local: "local"
        case .regional: "regional"
        case .university: "university"
        case .special: "special"
        case .mobile: "mobile"
        case .other(let code): code.lowercased()
        }
    }

    /// The category in words, as the list and the details show it.
    package var displayName: String {
        switch self {
        case .readingRoom: "Reading room"
        case .local: "Local library"
        case .regional: "Regional library"
        case .university: "University library"
        case .special: "Special library"
        case .mobile: "Mobile library"
        case .other(let code): code.isEmpty ? "Unknown" : "Other (\(code))"
        }
    }

    /// Parses a `--category` value: an English name (`university`, `reading-room`, …, case and
    /// `-`/`_`/space insensitive) or a Calil code (`UNIV`, `SMALL`, …). Returns `nil` for anything else.
    package init?(argument: String) {
        let normalized = argument.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "_", with: "-")
            .replacingOccurrences(of: " ", with: "-")
        let aliases: [String: LibraryCategory] = [
            "reading-room": .readingRoom, "readingroom": .readingRoom, "small": .readingRoom,
            "local": .local, "medium": .local,
            "regional": .regional, "prefectural": .regional, "large": .regional,
            "university": .university, "univ": .university,
            "special": .special, "specialist": .special,
            "mobile": .mobile, "bookmobile": .mobile, "bm": .mobile,
        ]
        guard let category = aliases[normalized] else { return nil }
        self = category
    }
}
