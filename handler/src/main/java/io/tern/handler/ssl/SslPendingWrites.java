package io.tern.handler.ssl;

import io.tern.buffer.ByteBuf;
import io.tern.common.ReferenceCountUtil;
import io.tern.common.concurrent.Promise;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The plaintext an {@link SslHandler} was given to write and has not encrypted yet, in order, with
 * each write's promise. {@link #gather} exposes the head buffers as one array of NIO views, so the
 * engine fills each record from many small writes without copying them together first; {@link
 * #consume} then drops what the engine took.
 *
 * <p>Owned by one handler, on its event loop. It owns the queued buffers: they are released when
 * consumed or failed.
 */
final class SslPendingWrites {
  /** At most this many NIO views are handed to one wrap (one record's worth of tiny writes). */
  static final int MAX_GATHER = 1024;

  private record Entry(ByteBuf buf, Promise<Void> promise) {}

  private final ArrayDeque<Entry> entries = new ArrayDeque<>();
  private ByteBuffer[] views = new ByteBuffer[16]; // grows up to MAX_GATHER on demand
  private long readableBytes;

  void add(ByteBuf buf, Promise<Void> promise) {
    entries.add(new Entry(buf, promise));
    readableBytes += buf.readableBytes();
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  long readableBytes() {
    return readableBytes;
  }

  /**
   * Fills {@link #views()} with views of the head buffers, until they hold {@code wantBytes} or the
   * array is full; returns how many views were filled. The views are valid until the next change.
   */
  int gather(int wantBytes) {
    int count = 0;
    long bytes = 0;
    for (Entry e : entries) {
      ByteBuf buf = e.buf();
      int readable = buf.readableBytes();
      if (readable == 0) {
        continue;
      }
      int n = buf.nioBufferCount();
      if (count + n > views.length && !grow(count + n)) {
        if (count > 0) {
          break;
        }
        // A buffer of very many components: one copy-free view is not possible, take a copy.
        views[count++] = buf.nioBuffer(buf.readerIndex(), readable);
      } else if (n == 1) {
        views[count++] = buf.nioBuffer(buf.readerIndex(), readable);
      } else {
        for (ByteBuffer view : buf.nioBuffers(buf.readerIndex(), readable)) {
          views[count++] = view;
        }
      }
      bytes += readable;
      if (bytes >= wantBytes || count == MAX_GATHER) {
        break;
      }
    }
    for (int i = count; i < views.length && views[i] != null; i++) {
      views[i] = null;
    }
    return count;
  }

  private boolean grow(int needed) {
    if (needed > MAX_GATHER) {
      return false;
    }
    int size = views.length;
    while (size < needed) {
      size *= 2;
    }
    views = java.util.Arrays.copyOf(views, Math.min(size, MAX_GATHER));
    return true;
  }

  ByteBuffer[] views() {
    return views;
  }

  /**
   * Drops {@code bytes} from the head; each write that is fully consumed is released and its
   * promise added to {@code done}, in order. Empty writes at the head go with the bytes before
   * them.
   */
  void consume(int bytes, List<Promise<Void>> done) {
    readableBytes -= bytes;
    while (!entries.isEmpty()) {
      Entry head = entries.peekFirst();
      int readable = head.buf().readableBytes();
      if (readable > bytes) {
        head.buf().skipBytes(bytes);
        return;
      }
      bytes -= readable;
      entries.pollFirst();
      head.buf().release();
      done.add(head.promise());
      if (bytes == 0 && !entries.isEmpty() && entries.peekFirst().buf().isReadable()) {
        return;
      }
    }
  }

  /** Releases every queued buffer and fails its promise. */
  void failAll(Throwable cause) {
    Entry e;
    while ((e = entries.pollFirst()) != null) {
      ReferenceCountUtil.safeRelease(e.buf());
      e.promise().tryFailure(cause);
    }
    readableBytes = 0;
  }
}
