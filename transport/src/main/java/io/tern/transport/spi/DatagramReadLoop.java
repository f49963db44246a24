package io.tern.transport.spi;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.transport.channel.ChannelConfig;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.channel.RecvByteBufAllocator;
import io.tern.transport.socket.DatagramPacket;
import io.tern.transport.socket.DatagramTruncatedException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;

/**
 * The read side of an {@link AbstractDatagramChannel}: read interest, and the loop that turns
 * received datagrams into {@link DatagramPacket}s through the receive hooks ({@link
 * DatagramIo#receive}, one datagram per buffer). Its contract (limits, truncation, batch sizing,
 * which errors close) is in {@link AbstractDatagramChannel}'s javadoc.
 *
 * <p>Loop thread only. Owns the buffers it allocates until they reach the pipeline (inside a
 * packet) or it releases them.
 */
final class DatagramReadLoop {
  private final AbstractDatagramChannel channel;
  private boolean readPending;
  private boolean readInterested;
  // arrays reused across loops (sized for the channel's largest batch), and the next batch size
  private ByteBuf[] buffers;
  private InetSocketAddress[] senders;
  private int receiveBatch = 1;

  DatagramReadLoop(AbstractDatagramChannel channel) {
    this.channel = channel;
  }

  /** A read was asked for: report readability. */
  void beginRead() {
    readPending = true;
    setReadInterest(true);
  }

  /** Auto-read went off: stop reporting readability. */
  void autoReadCleared() {
    readPending = false;
    setReadInterest(false);
  }

  private void setReadInterest(boolean on) {
    if (readInterested != on && channel.isOpen()) {
      readInterested = on;
      channel.readInterest(on);
    }
  }

  /** The socket is readable: one read loop, ending with {@code channelReadComplete}. */
  void run() {
    ChannelConfig config = channel.config();
    ChannelPipeline pipeline = channel.pipeline();
    ByteBufAllocator alloc = config.allocator();
    RecvByteBufAllocator.Handle handle = channel.recvHandle();
    handle.reset(config);
    int max = config.maxMessagesPerRead();
    int perCall = channel.io().maxDatagramsPerCall();
    InetSocketAddress local = channel.localAddress();
    ensureCapacity(1, perCall);
    int allocated = 0;
    int read = 0;
    Throwable failure = null;
    try {
      while (read < max) {
        // Auto-read off: one datagram per read(). Else a batch sized by the last read loop.
        int batch = config.autoRead() ? Math.min(receiveBatch, max - read) : 1;
        ensureCapacity(batch, perCall);
        for (allocated = 0; allocated < batch; allocated++) {
          buffers[allocated] = handle.allocate(alloc);
        }
        int received = channel.io().receive(buffers, senders, batch);
        for (int i = 0; i < received; i++) {
          ByteBuf buf = buffers[i];
          buffers[i] = null;
          InetSocketAddress sender = senders[i];
          senders[i] = null;
          handle.attemptedBytesRead(buf.writableBytes() + buf.readableBytes());
          handle.lastBytesRead(buf.readableBytes());
          handle.incMessagesRead(1);
          readPending = false;
          read++;
          deliver(pipeline, buf, local, sender);
        }
        releaseUnused(received, allocated);
        allocated = 0;
        if (received == batch && batch == receiveBatch) {
          receiveBatch = Math.min(receiveBatch << 1, perCall);
        }
        if (received < batch || !config.autoRead() || !channel.isOpen()) {
          if (received == 0) {
            handle.lastBytesRead(0);
          }
          break;
        }
      }
    } catch (Throwable t) {
      failure = t;
      releaseUnused(0, allocated);
    }
    // The next loop starts with about as many datagrams as this one found.
    receiveBatch = Math.max(1, Math.min(Integer.highestOneBit(read), perCall));
    handle.readComplete();
    channel.readComplete();
    if (failure != null) {
      pipeline.fireExceptionCaught(failure);
      if (!(failure instanceof PortUnreachableException)
          && (failure instanceof IOException || failure instanceof OutOfMemoryError)) {
        channel.closeNow(failure);
      }
    }
    if (!readPending && !config.autoRead()) {
      setReadInterest(false);
    }
  }

  /** Fires one received datagram, or drops it: truncated, or the channel closed meanwhile. */
  private void deliver(
      ChannelPipeline pipeline, ByteBuf buf, InetSocketAddress local, InetSocketAddress sender) {
    if (!channel.isOpen()) {
      buf.release(); // a handler closed the channel during this batch
    } else if (!buf.isWritable()) {
      int whole = buf.capacity() - 1; // a datagram that fills its buffer may have been cut
      buf.release();
      pipeline.fireExceptionCaught(new DatagramTruncatedException(sender, whole));
    } else {
      pipeline.fireChannelRead(new DatagramPacket(buf, local, sender));
    }
  }

  private void ensureCapacity(int count, int perCall) {
    if (buffers == null || buffers.length < count) {
      int size = Math.max(count, perCall);
      buffers = new ByteBuf[size];
      senders = new InetSocketAddress[size];
    }
  }

  private void releaseUnused(int from, int to) {
    for (int i = from; i < to; i++) {
      if (buffers[i] != null) {
        buffers[i].release();
        buffers[i] = null;
      }
    }
  }
}
