import Foundation

/// The normalized JSON form of a library: what `--format json` prints and the cache stores.
///
/// Every key is always present; unknown values are `null`. `category` is the API's code and
/// `categoryName` the category in words.
extension Library: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, systemId, systemName, libraryKey, shortName, formalName, category, categoryName
        case prefecture, city, address, postcode, phone, website, location, distanceKm
        case isPrimary, isil, faid
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            systemID: try container.decode(String.self, forKey: .systemId),
            systemName: try container.decode(String.self, forKey: .systemName),
            libraryKey: try container.decode(String.self, forKey: .libraryKey),
            shortName: try container.decode(String.self, forKey: .shortName),
            formalName: try container.decode(String.self, forKey: .formalName),
            category: LibraryCategory(code: try container.decode(String.self, forKey: .category)),
            prefecture: try container.decode(String.self, forKey: .prefecture),
            city: try container.decode(String.self, forKey: .city),
            address: try container.decode(String.self, forKey: .address),
            postcode: try container.decodeIfPresent(String.self, forKey: .postcode),
            phone: try container.decodeIfPresent(String.self, forKey: .phone),
            website: try container.decodeIfPresent(String.self, forKey: .website),
            location: try container.decodeIfPresent(Coordinate.self, forKey: .location),
            distanceKm: try container.decodeIfPresent(Double.self, forKey: .distanceKm),
            isPrimary: try container.decodeIfPresent(Bool.self, forKey: .isPrimary),
            isil: try container.decodeIfPresent(String.self, forKey: .isil),
            faid: try container.decodeIfPresent(String.self, forKey: .faid)
        )
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(systemID, forKey: .systemId)
        try container.encode(systemName, forKey: .systemName)
        try container.encode(libraryKey, forKey: .libraryKey)
        try container.encode(shortName, forKey: .shortName)
        try container.encode(formalName, forKey: .formalName)
        try container.encode(category.code, forKey: .category)
        try container.encode(category.displayName, forKey: .categoryName)
        try container.encode(prefecture, forKey: .prefecture)
        try container.encode(city, forKey: .city)
        try container.encode(address, forKey: .address)
        try container.encode(postcode, forKey: .postcode)
        try container.encode(phone, forKey: .phone)
        try container.encode(website, forKey: .website)
        try container.encode(location, forKey: .location)
        try container.encode(distanceKm, forKey: .distanceKm)
        try container.encode(isPrimary, forKey: .isPrimary)
        try container.encode(isil, forKey: .isil)
        try container.encode(faid, forKey: .faid)
    }
}

extension Coordinate: Codable {
    private enum CodingKeys: String, CodingKey {
        case longitude, latitude
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            longitude: try container.decode(Double.self, forKey: .longitude),
            latitude: try container.decode(Double.self, forKey: .latitude))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(latitude, forKey: .latitude)
    }
}
