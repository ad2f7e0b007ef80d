import Foundation

/// Everything the library finder shows: the query, the last loaded list, how loading went, the
/// list's filter and selection, and the books asked about.
package struct LibraryFinderState: Equatable, Sendable {
    /// What is (or will be) requested; reloading asks for it again.
    package var query: LibraryQuery
    /// The last list loaded, kept while reloading and after a failure.
    package var libraries: [Library] = []
    /// Where the request stands.
    package var status: LoadStatus = .idle
    /// Where ``libraries`` came from; `nil` before the first list arrives.
    package var source: ListSource?
    /// The text typed after `/`; libraries whose names, city or address contain it are shown.
    package var filterText = ""
    /// Whether keys currently edit the filter text.
    package var isEditingFilter = false
    /// The selected row of ``visibleLibraries``.
    package var selectedIndex = 0
    /// The books asked about this session (`b`), and the ISBN prompt.
    package var books = BookSearches()

    /// Creates the state before anything has been loaded.
    package init(query: LibraryQuery = LibraryQuery()) {
        self.query = query
    }

    /// The libraries that pass the filter text, in the API's order.
    package var visibleLibraries: [Library] {
        let needle = filterText.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return libraries }
        return libraries.filter { $0.matches(needle) }
    }

    /// The selected library, if the visible list has any.
    package var selectedLibrary: Library? {
        let visible = visibleLibraries
        return visible.indices.contains(selectedIndex) ? visible[selectedIndex] : nil
    }

    /// The library systems of the visible libraries, in list order, each once: what `b` asks.
    package var visibleSystemIDs: [String] {
        var seen: Set<String> = []
        return visibleLibraries.map(\.systemID).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Whether a request is running (reloading is disabled then).
    package var isLoading: Bool {
        if case .loading = status { return true }
        return false
    }
}

/// Where the request for the list stands.
package enum LoadStatus: Equatable, Sendable {
    /// Nothing has been requested yet.
    case idle
    /// A request is running; only the answer carrying this id is taken.
    case loading(requestID: UUID)
    /// The last request's list (or the cached one standing in for it) is shown.
    case loaded
    /// The last request failed with this message; the list before it stays.
    case failed(message: String)
}

/// Where a shown list came from.
package enum ListSource: Equatable, Sendable {
    /// Fresh from the service, fetched at this time.
    case network(fetchedAt: Date)
    /// From the disk cache, fetched at this time, because the service couldn't be reached or
    /// answered with a server error (`reason`); `serviceFailed` tells the second from the first.
    case cache(fetchedAt: Date, reason: String, serviceFailed: Bool = false)

    /// When the list was fetched from the service.
    package var fetchedAt: Date {
        switch self {
        case .network(let date), .cache(let date, _, _): date
        }
    }
}

extension Library {
    /// Whether the filter text occurs in the names, city, address, system or category.
    package func matches(_ needle: String) -> Bool {
        let haystacks = [shortName, formalName, city, address, systemName, category.displayName]
        return haystacks.contains {
            $0.range(of: needle, options: [.caseInsensitive, .widthInsensitive]) != nil
        }
    }
}
