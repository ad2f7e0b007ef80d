#if os(Linux) || os(macOS)
    import Foundation
    import Testing
    @_spi(ReSwiftInternal) import InternalReSwiftUtilities

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// What a program run by
    /// ``runProduct(_:arguments:environment:standardOutput:standardError:timeout:)`` gets as its
    /// standard output or standard error.
    public enum ProductStream: Sendable, Equatable {
        /// A pipe the test reads, as ``runProduct(_:arguments:environment:standardInput:workingDirectory:timeout:)``
        /// gives.
        case captured
        /// `/dev/full`, where every write fails with `ENOSPC`.
        case full
        /// No descriptor at all, as the shell's `2>&-` leaves it.
        case closed
        /// A pipe whose reading end is closed before the program starts: a write raises `SIGPIPE`
        /// (or fails with `EPIPE`).
        case brokenPipe
    }

    /// Runs an executable product with a chosen standard output and error (a full device, a closed
    /// descriptor, a pipe nobody reads), standard input on `/dev/null`, and `SIGPIPE` at its
    /// default action; waits for it with a deadline.
    ///
    /// ```swift
    /// let run = try runProduct("todo", arguments: ["--bogus"], standardOutput: .captured, standardError: .full)
    /// #expect(run.status == 1)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The executable product's name (see ``builtProductURL(_:)``).
    ///   - arguments: Its arguments.
    ///   - environment: Variables added to the base environment ``runProduct(_:arguments:environment:standardInput:workingDirectory:timeout:)``
    ///     uses.
    ///   - standardOutput: What descriptor 1 is.
    ///   - standardError: What descriptor 2 is.
    ///   - timeout: Seconds after which the program is killed and the call throws.
    /// - Returns: Its exit status (128 + the signal when a signal ended it) and what it wrote to the
    ///   ``ProductStream/captured`` streams (empty for the others).
    /// - Throws: ``TestSupportError`` when the product isn't built, can't start, or times out.
    public func runProduct(
        _ name: String, arguments: [String] = [], environment: [String: String] = [:],
        standardOutput: ProductStream, standardError: ProductStream, timeout: TimeInterval = 90
    ) throws -> ProductRun {
        let executable = try builtProductURL(name).path
        let variables = PseudoTerminal.environment(adding: environment).map { "\($0.key)=\($0.value)" }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        var readers: [(fd: Int32, storage: Locked<Data>)] = []
        var parentEnds: [Int32] = []
        defer { for fd in parentEnds { close(fd) } }
        for (target, stream) in [(STDOUT_FILENO, standardOutput), (STDERR_FILENO, standardError)] {
            switch stream {
            case .full:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/full", O_WRONLY, 0)
            case .closed:
                posix_spawn_file_actions_addclose(&actions, target)
            case .captured, .brokenPipe:
                var fds: [Int32] = [-1, -1]
                guard pipe(&fds) == 0 else { throw TestSupportError("pipe failed: \(errno)") }
                // Close-on-exec, so no other test's child keeps an end open.
                _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
                posix_spawn_file_actions_adddup2(&actions, fds[1], target)
                parentEnds.append(fds[1])
                if stream == .captured {
                    readers.append((fds[0], Locked(Data())))
                } else {
                    close(fds[0])
                }
            }
        }
        // The child gets descriptors 0–2 and nothing else: an end of a pipe another test has just
        // made, inherited here, would keep that pipe from reaching end-of-file for as long as
        // this product runs.
        #if canImport(Darwin)
            let closeTheRest = Int16(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
            // glibc 2.34's addclosefrom_np, which Swift's Glibc module doesn't declare.
            typealias AddCloseFrom =
                @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            if let symbol = dlsym(
                UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            {
                _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, STDERR_FILENO + 1)
            }
            let closeTheRest: Int16 = 0
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | closeTheRest)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw TestSupportError("Could not start \(name): error \(spawned)") }
        for fd in parentEnds { close(fd) }
        parentEnds = []

        let finished = DispatchGroup()
        for reader in readers {
            finished.enter()
            Thread.detachNewThread {
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(reader.fd, $0.baseAddress, $0.count) }
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { break }
                    reader.storage.withLock { $0.append(contentsOf: buffer[0..<count]) }
                }
                close(reader.fd)
                finished.leave()
            }
        }
        var status: Int32 = 0
        do {
            try eventually("\(name) to end", seconds: timeout) { waitpid(pid, &status, WNOHANG) != 0 }
        } catch {
            kill(pid, SIGKILL)
            _ = waitpid(pid, &status, 0)
            _ = finished.wait(timeout: .now() + 5)
            throw TestSupportError(
                "\(name) \(arguments.joined(separator: " ")) did not finish within \(timeout) s; it was killed."
            )
        }
        _ = finished.wait(timeout: .now() + 5)
        // WIFSIGNALED / WEXITSTATUS, which Swift doesn't import as functions.
        let signal = status & 0x7F
        let exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        func text(_ stream: ProductStream, at index: Int) -> String {
            guard stream == .captured else { return "" }
            let reader = readers[index]
            return String(decoding: reader.storage.withLock { $0 }, as: UTF8.self)
        }
        let outputIndex = 0
        let errorIndex = standardOutput == .captured ? 1 : 0
        return ProductRun(
            status: exitStatus, standardOutput: text(standardOutput, at: outputIndex),
            standardError: text(standardError, at: errorIndex))
    }
#endif
