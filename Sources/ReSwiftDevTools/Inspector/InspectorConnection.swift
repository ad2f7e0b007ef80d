import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension InspectorEndpoint {
    /// One connected inspector: its socket, its bounded output buffer, its settings, and the
    /// command line it is sending.
    ///
    /// Two kinds of state, each with its own rule:
    /// - the output side (`isPaused`, `wantsStates`, `lost`, `startSeq`, the buffer, the write
    ///   source) is touched only while holding the endpoint's `shared` lock, from any of its queues;
    /// - the input side (`reader`) only on the endpoint's I/O queue, where the read source runs.
    ///
    /// The dispatch sources' handlers capture only `Sendable` values (the closures the endpoint
    /// passes, which capture the endpoint weakly and this connection's id, and the descriptor), never
    /// the connection, so they are correct whether a platform's SDK marks them `@Sendable` or not.
    final class Connection {
        let id: Int
        private let fd: Int32
        private let readSource: DispatchSourceRead
        private let writeSource: DispatchSourceWrite
        private var isWriteSourceResumed = false
        private var isClosed = false

        var isPaused = false
        var wantsStates = false
        /// Events lost since the last gap was reported.
        var lost: UInt64 = 0
        /// The sequence number when the connection was made: earlier actions aren't its.
        var startSeq: UInt64 = 0
        private var buffer = Data()
        private var offset = 0
        private var reader: LineReader

        init(
            id: Int, fd: Int32, queue: DispatchQueue, lineLimit: Int,
            onReadable: @escaping @Sendable () -> Void,
            onWritable: @escaping @Sendable () -> Void
        ) {
            self.id = id
            self.fd = fd
            reader = LineReader(limit: lineLimit)
            readSource = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
            writeSource = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
            readSource.setEventHandler { onReadable() }
            writeSource.setEventHandler { onWritable() }
            readSource.setCancelHandler { closeDescriptor(fd) }
        }

        /// Bytes waiting to be written.
        var bufferedBytes: Int { buffer.count - offset }

        func start() {
            readSource.resume()
        }

        /// Adds an action event, after a gap event when some were lost; returns `false` (and
        /// counts the event lost) when the buffer has no room. An event larger than the whole
        /// buffer still goes when nothing else waits, so large states can be recorded.
        func enqueue(event line: Data, limit: Int) -> Bool {
            let gap = lost > 0 ? InspectorProtocol.encode(GapEvent(lost: lost)) : Data()
            let size = gap.count + line.count
            guard
                bufferedBytes + size <= limit
                    || (bufferedBytes == 0 && size <= InspectorProtocol.maximumLineLength)
            else {
                lost += 1
                return false
            }
            buffer.append(gap)
            buffer.append(line)
            lost = 0
            return true
        }

        /// Adds a reply to a command while no more than twice the limit waits, so a state request
        /// is answered even while events are being dropped, however large the state (up to the
        /// protocol's line limit).
        @discardableResult
        func enqueue(control line: Data, limit: Int) -> Bool {
            guard bufferedBytes <= 2 * limit, line.count <= InspectorProtocol.maximumLineLength else {
                return false
            }
            buffer.append(line)
            return true
        }

        /// Writes what the socket takes now; returns `false` when the peer is gone.
        func flush() -> Bool {
            guard !isClosed else { return false }
            while bufferedBytes > 0 {
                let result = buffer.withUnsafeBytes { bytes in
                    UnixSocket.send(fd, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                }
                switch result {
                case .bytes(let count):
                    offset += count
                case .wouldBlock:
                    if !isWriteSourceResumed {
                        isWriteSourceResumed = true
                        writeSource.resume()
                    }
                    compact()
                    return true
                case .closed:
                    return false
                }
            }
            buffer.removeAll(keepingCapacity: buffer.count <= 64 << 10)
            offset = 0
            if isWriteSourceResumed {
                isWriteSourceResumed = false
                writeSource.suspend()
            }
            return true
        }

        private func compact() {
            if offset > 64 << 10 && offset > buffer.count / 2 {
                buffer.removeSubrange(0..<offset)
                offset = 0
            }
        }

        /// What reading the socket found: the lines (and overlong lines) in order, and whether
        /// the peer closed.
        struct Received {
            var pieces: [LineReader.Piece] = []
            var isEnd = false
        }

        /// Reads what arrived, up to `budget` bytes (the source fires again for the rest, so one
        /// chatty peer can't hold up the others). Only on the endpoint's I/O queue.
        func receive(budget: Int = 256 << 10) -> Received {
            var received = Received()
            var chunk = [UInt8](repeating: 0, count: 16 << 10)
            var total = 0
            while total < budget {
                let result = chunk.withUnsafeMutableBytes { UnixSocket.receive(fd, into: $0) }
                switch result {
                case .bytes(let count):
                    total += count
                    chunk.withUnsafeBytes { bytes in
                        reader.consume(
                            UnsafeRawBufferPointer(rebasing: bytes[0..<count]), into: &received.pieces)
                    }
                case .wouldBlock:
                    return received
                case .closed:
                    received.isEnd = true
                    return received
                }
            }
            return received
        }

        /// Stops both sources; the read source's cancel handler closes the socket. Only while
        /// holding the endpoint's lock, like the rest of the output side.
        func close() {
            guard !isClosed else { return }
            isClosed = true
            if !isWriteSourceResumed {
                writeSource.resume()
            }
            writeSource.cancel()
            readSource.cancel()
        }
    }
}

private func closeDescriptor(_ fd: Int32) {
    close(fd)
}
