@_spi(ReSwiftInternal) import InternalReSwiftUtilities

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The thread an action was dispatched on.
///
/// Plain data, copied without reference counting (the name is kept in a table and the value
/// holds its number), because every instrumented dispatch copies its origin several times.
public struct DispatchThread: Hashable, Sendable, CustomStringConvertible {
    /// Whether it is the process's main thread.
    public var isMain: Bool

    /// The number of the thread's name in `ThreadNameTable.shared`, or 0 for none.
    private var nameNumber: UInt32

    /// The thread's name, when it has one.
    ///
    /// The names are kept in a table for the life of the process: the first
    /// ``keptNameCount`` different names are kept; a name beyond those reads as `nil`.
    public var name: String? {
        get { ThreadNameTable.shared.name(numbered: nameNumber) }
        set { nameNumber = ThreadNameTable.shared.number(of: newValue) }
    }

    /// How many different thread names the process keeps (see ``name``).
    public static let keptNameCount = 4096

    /// Creates a thread description.
    ///
    /// - Parameters:
    ///   - isMain: Whether it is the main thread.
    ///   - name: Its name, if any.
    public init(isMain: Bool, name: String? = nil) {
        self.isMain = isMain
        self.nameNumber = ThreadNameTable.shared.number(of: name)
    }

    /// The calling thread.
    ///
    /// Looked up once per thread and then kept, so a name given to a thread after its first
    /// instrumented dispatch is not seen.
    public static var current: DispatchThread {
        ThreadContext.current.thread
    }

    /// `"main"`, or the thread's name, or `"background"`.
    public var description: String {
        if isMain { return "main" }
        return name ?? "background"
    }

    /// Asks the system about the calling thread.
    static func lookUp() -> DispatchThread {
        #if canImport(Darwin)
            var buffer = [CChar](repeating: 0, count: 64)
            let hasName = pthread_getname_np(pthread_self(), &buffer, buffer.count) == 0 && buffer[0] != 0
            return DispatchThread(isMain: pthread_main_np() != 0, name: hasName ? decode(buffer) : nil)
        #else
            // Linux: /proc/thread-self links to "<pid>/task/<tid>"; the main thread's tid is the pid.
            var link = [CChar](repeating: 0, count: 64)
            let length = readlink("/proc/thread-self", &link, link.count - 1)
            let isMain = length > 0 && decode(Array(link[0..<length])).hasSuffix("/task/\(getpid())")
            return DispatchThread(isMain: isMain, name: readThreadName())
        #endif
    }

    #if !canImport(Darwin)
        /// The calling thread's name from `/proc/thread-self/comm`, or `nil`.
        private static func readThreadName() -> String? {
            let descriptor = open("/proc/thread-self/comm", O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var buffer = [CChar](repeating: 0, count: 64)
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return nil }
            var name = decode(Array(buffer[0..<count]))
            while name.last == "\n" { name.removeLast() }
            return name.isEmpty ? nil : name
        }
    #endif

    /// The UTF-8 text in `characters` up to its first NUL.
    private static func decode(_ characters: [CChar]) -> String {
        let bytes = characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The thread names `DispatchThread` values refer to, numbered from 1 in the order first seen;
/// at most `capacity` of them, after which a new name gets 0 (no name).
final class ThreadNameTable: Sendable {
    private struct Table {
        var numbers: [String: UInt32] = [:]
        var names: [String] = []
    }

    /// The table `DispatchThread` uses.
    static let shared = ThreadNameTable(capacity: DispatchThread.keptNameCount)

    private let capacity: Int
    private let table = Locked(Table())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The number of `name`, which is added if new and there is room; 0 for `nil` or no room.
    func number(of name: String?) -> UInt32 {
        guard let name else { return 0 }
        return table.withLock { table in
            if let number = table.numbers[name] { return number }
            guard table.names.count < capacity else { return 0 }
            table.names.append(name)
            let number = UInt32(table.names.count)
            table.numbers[name] = number
            return number
        }
    }

    /// The name numbered `number`, or `nil` for 0.
    func name(numbered number: UInt32) -> String? {
        guard number > 0 else { return nil }
        return table.withLock { $0.names[Int(number) - 1] }
    }
}
