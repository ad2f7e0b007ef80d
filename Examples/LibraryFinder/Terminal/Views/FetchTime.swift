import Foundation
import LibraryFinderModel

/// How fetch times are shown: local time to the minute, with the zone, e.g. `2026-11-29 10:05 JST`.
enum FetchTime {
    static func text(_ date: Date, timeZone: TimeZone = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm zzz"
        return formatter.string(from: date)
    }
}
