/// What to ask the Calil API for: the request's filters plus the categories kept afterwards.
///
/// The API filters by prefecture, city, system and distance; it has no category filter, so
/// ``categories`` is applied to the answer (and `limit` with it, so that `--limit 5 --category
/// university` gives five university libraries).
package struct LibraryQuery: Hashable, Sendable {
    /// The prefecture the article's app lists when nothing else is asked for.
    package static let defaultPrefecture = "秋田県"

    /// `pref`, e.g. `秋田県`.
    package var prefecture: String?
    /// `city`, e.g. `秋田市` (the API wants it together with a prefecture).
    package var city: String?
    /// `systemid`, e.g. `Akita_Pref`.
    package var systemID: String?
    /// `geocode`: libraries nearest to this point first, each with its distance.
    package var near: Coordinate?
    /// At most this many libraries.
    package var limit: Int?
    /// Only these kinds of library; empty means all.
    package var categories: Set<LibraryCategory>

    /// Creates a query; with no arguments, the article's default (all libraries of 秋田県).
    package init(
        prefecture: String? = LibraryQuery.defaultPrefecture, city: String? = nil,
        systemID: String? = nil, near: Coordinate? = nil, limit: Int? = nil,
        categories: Set<LibraryCategory> = []
    ) {
        self.prefecture = prefecture
        self.city = city
        self.systemID = systemID
        self.near = near
        self.limit = limit
        self.categories = categories
    }

    /// The query parameters sent to the API (without the app key and format), in a fixed order.
    ///
    /// `limit` is sent only when no category filter is set; otherwise it is applied after filtering.
    package var requestParameters: [(name: String, value: String)] {
        var parameters: [(name: String, value: String)] = []
        if let prefecture { parameters.append(("pref", prefecture)) }
        if let city { parameters.append(("city", city)) }
        if let systemID { parameters.append(("systemid", systemID)) }
        if let near { parameters.append(("geocode", near.lonLat)) }
        if let limit, categories.isEmpty { parameters.append(("limit", String(limit))) }
        return parameters
    }

    /// Keeps the libraries of the wanted categories, then applies the limit.
    package func narrow(_ libraries: [Library]) -> [Library] {
        var kept = libraries
        if !categories.isEmpty {
            kept = kept.filter { categories.contains($0.category) }
        }
        if let limit, kept.count > limit {
            kept = Array(kept.prefix(limit))
        }
        return kept
    }

    /// A one-line description for status lines, e.g. `秋田県 · university`.
    package var summary: String {
        var parts: [String] = []
        if let prefecture { parts.append(prefecture) }
        if let city { parts.append(city) }
        if let systemID { parts.append("system \(systemID)") }
        if let near { parts.append("near \(near.lonLat)") }
        if !categories.isEmpty {
            parts.append(categories.map(\.optionName).sorted().joined(separator: ", "))
        }
        if let limit { parts.append("limit \(limit)") }
        return parts.isEmpty ? "all libraries" : parts.joined(separator: " · ")
    }
}
