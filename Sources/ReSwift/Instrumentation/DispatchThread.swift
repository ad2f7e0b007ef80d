#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The thread an action was dispatched on.
public struct DispatchThread: Hashable, Sendable, CustomStringConvertible {
    /// Whether it is the process's main thread.
    public var isMain: Bool

    /// The thread's name, when it has one.
    public var name: String?

    /// Creates a thread description.
    ///
    /// - Parameters:
    ///   - isMain: Whether it is the main thread.
    ///   - name: Its name, if any.
    public init(isMain: Bool, name: String? = nil) {
        self.isMain = isMain
        self.name = name
    }

    /// The calling thread.
    ///
    /// Looked up once per thread and then kept, so a name given to a thread after its first
    /// instrumented dispatch is not seen.
    public static var current: DispatchThread {
        _ThreadContext.current.thread
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
