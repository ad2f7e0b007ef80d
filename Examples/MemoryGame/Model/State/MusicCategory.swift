/// A music category the game deals album cards from, as in the "Memory Tunes" tutorial.
public enum MusicCategory: String, CaseIterable, Codable, Equatable, Hashable, Sendable {
    /// Pop albums.
    case pop = "Pop"
    /// Electronic albums.
    case electronic = "Electronic"
    /// Rock albums.
    case rock = "Rock"
    /// Metal albums.
    case metal = "Metal"
    /// Rap albums.
    case rap = "Rap"

    /// The category a new player starts with.
    public static let defaultCategory: MusicCategory = .pop

    /// The name shown on screen and accepted by `--category`.
    public var name: String { rawValue }

    /// The term the iTunes Search API is asked for.
    public var searchTerm: String { rawValue }

    /// Finds a category by name, ignoring case and surrounding spaces (`"rock"`, `" Metal "`).
    ///
    /// - Parameter name: A name such as `"Rock"`.
    /// - Returns: The category, or `nil` when no category has that name.
    public init?(name: String) {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard let found = MusicCategory.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else {
            return nil
        }
        self = found
    }

    /// The names of all categories, for help and error messages: `"Pop, Electronic, Rock, Metal, Rap"`.
    public static var allNames: String { allCases.map(\.name).joined(separator: ", ") }
}
