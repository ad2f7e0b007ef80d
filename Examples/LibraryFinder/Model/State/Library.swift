import Foundation

/// A point on the map, as the Calil API gives it (`"longitude,latitude"`).
package struct Coordinate: Hashable, Sendable {
    /// Degrees east.
    package var longitude: Double
    /// Degrees north.
    package var latitude: Double

    /// Creates a coordinate from degrees.
    package init(longitude: Double, latitude: Double) {
        self.longitude = longitude
        self.latitude = latitude
    }

    /// Parses `"LON,LAT"` (the API's `geocode` and the `--near` option); `nil` unless both parts
    /// are numbers within range.
    package init?(lonLat text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let longitude = Double(parts[0]), let latitude = Double(parts[1]),
            (-180...180).contains(longitude), (-90...90).contains(latitude)
        else { return nil }
        self.init(longitude: longitude, latitude: latitude)
    }

    /// The `"LON,LAT"` form the API expects.
    package var lonLat: String { "\(longitude),\(latitude)" }
}

/// One library, normalized from whichever field set the Calil API sent.
///
/// Empty strings from the API become `nil`; the older fields (`savemlak`, `wikipedia`) are
/// accepted and dropped, the newer ones (`primary`, `faid`, `isil`) kept when present.
package struct Library: Hashable, Sendable {
    /// The library's id in the Calil database (`libid`), always a string.
    package var id: String
    /// The library system it belongs to (`systemid`, e.g. `Akita_Pref`).
    package var systemID: String
    /// The system's name (`systemname`).
    package var systemName: String
    /// The library's key within its system (`libkey`).
    package var libraryKey: String
    /// The short name (`short`).
    package var shortName: String
    /// The formal name (`formal`).
    package var formalName: String
    /// The kind of library (`category`).
    package var category: LibraryCategory
    /// The prefecture (`pref`).
    package var prefecture: String
    /// The city (`city`).
    package var city: String
    /// The street address (`address`).
    package var address: String
    /// The postcode (`post`), when known.
    package var postcode: String?
    /// The phone number (`tel`), when known.
    package var phone: String?
    /// The web site (`url_pc`), when known.
    package var website: String?
    /// Where it is (`geocode`), when known.
    package var location: Coordinate?
    /// The distance in km from the `--near` point (`distance`); only for nearby searches.
    package var distanceKm: Double?
    /// Whether this is the system's main library (`primary`; newer responses only).
    package var isPrimary: Bool?
    /// The ISIL code (`isil`; newer responses only).
    package var isil: String?
    /// The FAID code (`faid`; newer responses only).
    package var faid: String?

    /// Creates a library; every optional detail defaults to unknown.
    package init(
        id: String, systemID: String, systemName: String, libraryKey: String, shortName: String,
        formalName: String, category: LibraryCategory, prefecture: String, city: String,
        address: String, postcode: String? = nil, phone: String? = nil, website: String? = nil,
        location: Coordinate? = nil, distanceKm: Double? = nil, isPrimary: Bool? = nil,
        isil: String? = nil, faid: String? = nil
    ) {
        self.id = id
        self.systemID = systemID
        self.systemName = systemName
        self.libraryKey = libraryKey
        self.shortName = shortName
        self.formalName = formalName
        self.category = category
        self.prefecture = prefecture
        self.city = city
        self.address = address
        self.postcode = postcode
        self.phone = phone
        self.website = website
        self.location = location
        self.distanceKm = distanceKm
        self.isPrimary = isPrimary
        self.isil = isil
        self.faid = faid
    }

    /// The short name, or the formal one when the short one is empty.
    package var displayName: String { shortName.isEmpty ? formalName : shortName }
}
