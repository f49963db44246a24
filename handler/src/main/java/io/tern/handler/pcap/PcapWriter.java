package io.tern.handler.pcap;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;

/**
 * A classic pcap capture file (the libpcap format Wireshark and tcpdump read) being written to a
 * stream: the file header on creation, then one record per packet that {@link PcapWriteHandler}s
 * hand in. Link type Ethernet, microsecond timestamps, big-endian (readers detect the byte order
 * from the magic number).
 *
 * <pre>
 *   file header: magic a1b2c3d4 | version 2.4 | zone 0 | sigfigs 0 | snaplen | link type 1
 *   record:      seconds | microseconds | captured length | original length | frame
 * </pre>
 *
 * <p>Thread-safe: several channels on different event loops may share one writer; each record is
 * written whole under a lock. Writes are blocking stream writes on the caller's (event-loop)
 * thread, so this is a debugging tool: give it a buffered stream to a local file. The writer owns
 * the stream from creation and closes it in {@link #close()}.
 *
 * <h2>Threading</h2>
 *
 * Thread-safe: several channels on different event loops may share one writer; each record is
 * written under a lock.
 *
 * <h2>Ownership</h2>
 *
 * Packets are copied into the record; the caller keeps its buffers. The writer owns the stream it
 * writes to and closes it on {@link #close()}.
 */
public final class PcapWriter implements Closeable {
  /** The largest frame recorded; longer packets are split before they get here. */
  static final int SNAPLEN = 0x40000;

  private static final int MAGIC = 0xa1b2c3d4;
  private static final int LINKTYPE_ETHERNET = 1;

  private final OutputStream out;
  private final Clock clock;
  private boolean closed;

  private PcapWriter(OutputStream out, Clock clock) {
    this.out = out;
    this.clock = clock;
  }

  /**
   * Starts a capture file with timestamps from the system clock.
   *
   * @param out where the file goes; owned by the writer from now on
   * @return the writer
   * @throws IOException if the file header cannot be written
   */
  public static PcapWriter create(OutputStream out) throws IOException {
    return create(out, Clock.systemUTC());
  }

  /**
   * Starts a capture file.
   *
   * @param out where the file goes; owned by the writer from now on
   * @param clock the source of packet timestamps
   * @return the writer
   * @throws IOException if the file header cannot be written
   */
  public static PcapWriter create(OutputStream out, Clock clock) throws IOException {
    PcapWriter writer =
        new PcapWriter(Objects.requireNonNull(out, "out"), Objects.requireNonNull(clock, "clock"));
    ByteBuffer header = ByteBuffer.allocate(24);
    header.putInt(MAGIC);
    header.putShort((short) 2);
    header.putShort((short) 4);
    header.putInt(0); // GMT offset
    header.putInt(0); // timestamp accuracy
    header.putInt(SNAPLEN);
    header.putInt(LINKTYPE_ETHERNET);
    out.write(header.array());
    return writer;
  }

  /** Appends one record holding {@code frame}, stamped with the clock's current time. */
  synchronized void write(byte[] frame) throws IOException {
    if (closed) {
      throw new IOException("pcap writer is closed");
    }
    Instant now = clock.instant();
    ByteBuffer record = ByteBuffer.allocate(16);
    record.putInt((int) now.getEpochSecond());
    record.putInt(now.getNano() / 1000);
    record.putInt(frame.length);
    record.putInt(frame.length);
    out.write(record.array());
    out.write(frame);
  }

  /**
   * Flushes the stream.
   *
   * @throws IOException if flushing fails
   */
  public synchronized void flush() throws IOException {
    out.flush();
  }

  /**
   * Closes the stream; later packets are dropped by the handlers.
   *
   * @throws IOException if closing fails
   */
  @Override
  public synchronized void close() throws IOException {
    if (!closed) {
      closed = true;
      out.close();
    }
  }

  /**
   * Tells whether {@link #close()} was called.
   *
   * @return {@code true} once closed
   */
  public synchronized boolean isClosed() {
    return closed;
  }
}
