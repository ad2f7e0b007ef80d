import Foundation
import ReSwiftQuery

/// Everything the library finder shows: the query, the list's query entries, the list's filter
/// and selection, and the books asked about.
package struct LibraryFinderState: Equatable, Sendable {
    /// What is (or will be) requested; reloading asks for it again.
    package var query: LibraryQuery
    /// The server the list comes from (``LibraryList/serverKey(for:)``).
    package var server: String
    /// The list's entries by request: the one of ``listKey`` is shown.
    package var lists = QueryState<LibraryListKey, [Library]>()
    /// The text typed after `/`; libraries whose names, city or address contain it are shown.
    package var filterText = ""
    /// Whether keys currently edit the filter text.
    package var isEditingFilter = false
    /// The selected row of ``visibleLibraries``.
    package var selectedIndex = 0
    /// The books asked about this session (`b`), and the ISBN prompt.
    package var books = BookSearches()

    /// Creates the state before anything has been loaded.
    package init(query: LibraryQuery = LibraryQuery(), server: String = "https://api.calil.jp") {
        self.query = query
        self.server = server
    }

    /// The key of the query's list.
    package var listKey: LibraryListKey { query.listKey(server: server) }

    /// The query's entry: its answer (kept while reloading and after a failure) and its status.
    package var list: QueryEntry<[Library]>? { lists[listKey] }

    /// The last list loaded, narrowed to the query's categories and limit.
    package var libraries: [Library] { query.narrow(list?.value ?? []) }

    /// Where the request stands: a failure to reach the service with an earlier answer to show is
    /// loaded (``source`` says it is the earlier answer).
    package var status: LoadStatus {
        guard let list else { return .idle }
        switch list.status {
        case .idle: return .idle
        case .loading, .refreshing: return .loading
        case .loaded: return .loaded
        case .failed:
            guard let error = list.error else { return .failed(message: "Loading failed.") }
            return list.value != nil && error.isTransient ? .loaded : .failed(message: error.message)
        }
    }

    /// Where ``libraries`` came from; `nil` before the first list arrives.
    package var source: ListSource? {
        guard let list, list.value != nil, let fetched = list.fetched?.date else { return nil }
        if list.status == .failed, let error = list.error, error.isTransient {
            return .cache(
                fetchedAt: fetched, reason: error.message,
                serviceFailed: error.code == LibraryList.serviceFailed)
        }
        return .network(fetchedAt: fetched)
    }

    /// The libraries that pass the filter text, in the API's order.
    package var visibleLibraries: [Library] {
        let needle = filterText.trimmingCharacters(in: .whitespaces)
        let libraries = libraries
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

    /// Whether a request is running (reloading does nothing then).
    package var isLoading: Bool { status == .loading }
}

/// Where the request for the list stands.
package enum LoadStatus: Equatable, Sendable {
    /// Nothing has been requested yet.
    case idle
    /// A request is running.
    case loading
    /// The last request's list (or the earlier one standing in for it) is shown.
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
