package io.tern.transport.spi;

import io.tern.buffer.ByteBuf;
import io.tern.transport.socket.DatagramPacket;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Arrays;

/**
 * The write side of an {@link AbstractDatagramChannel}: write interest, and the loop that sends the
 * flushed datagrams through the send hooks ({@link DatagramIo#send}, up to {@link
 * DatagramIo#maxDatagramsPerCall()} per call, in order). A send the OS refuses fails that
 * datagram's write only; a socket that takes no more asks for writability; after {@code
 * WRITE_SPIN_COUNT} datagrams the loop yields to the other channels of the event loop and goes on
 * from a task.
 *
 * <p>Loop thread only. The datagrams stay in the {@link ChannelOutboundBuffer}, which releases them
 * as their writes complete; the batch arrays only borrow them for one call.
 */
final class DatagramWriteLoop {
  private final AbstractDatagramChannel channel;
  private final ChannelOutboundBuffer.MessageProcessor collector = this::collect;
  private boolean writeInterested;
  private Runnable flushTask;
  private ByteBuf[] contents;
  private InetSocketAddress[] recipients;
  private int collected;
  private int collectLimit;

  DatagramWriteLoop(AbstractDatagramChannel channel) {
    this.channel = channel;
  }

  /**
   * Returns whether the channel waits for writability (a flush then has nothing to do).
   *
   * @return {@code true} while write interest is on
   */
  boolean waitsForWritability() {
    return writeInterested;
  }

  /**
   * Sends what is flushed in {@code in} until it is empty, the socket refuses more, or the spin
   * count is used up.
   */
  void run(ChannelOutboundBuffer in) throws Exception {
    int spins = channel.config().writeSpinCount();
    int perCall = channel.io().maxDatagramsPerCall();
    if (contents == null) {
      contents = new ByteBuf[perCall];
      recipients = new InetSocketAddress[perCall];
    }
    for (; ; ) {
      if (in.current() == null) {
        setWriteInterest(false);
        return;
      }
      int count = collectFlushed(in, Math.min(perCall, spins));
      int sent;
      try {
        sent = channel.io().send(contents, recipients, count);
      } catch (IOException e) {
        sent = -1;
        in.current();
        in.remove(e); // one datagram failed; the socket is still usable
      } finally {
        Arrays.fill(contents, 0, count, null);
        Arrays.fill(recipients, 0, count, null);
      }
      if (sent == 0) {
        setWriteInterest(true);
        return;
      }
      for (int i = 0; i < sent; i++) {
        in.current(); // drops writes cancelled meanwhile, as the visit skipped them
        in.remove();
      }
      spins -= Math.max(1, sent);
      if (spins <= 0) {
        break;
      }
    }
    // The socket still takes data but this channel had its share: continue after other work.
    setWriteInterest(false);
    Runnable task = flushTask;
    if (task == null) {
      flushTask = task = channel::writeReady;
    }
    channel.eventLoop().execute(task);
  }

  /** Puts up to {@code max} flushed datagrams (payload and recipient) into the batch arrays. */
  private int collectFlushed(ChannelOutboundBuffer in, int max) throws Exception {
    if (max == 1) {
      put(in.current(), 0);
      return 1;
    }
    collected = 0;
    collectLimit = max;
    in.forEachFlushedMessage(collector);
    return collected;
  }

  private boolean collect(Object msg) {
    put(msg, collected++);
    return collected < collectLimit;
  }

  private void put(Object msg, int index) {
    if (msg instanceof DatagramPacket packet) {
      contents[index] = packet.content();
      recipients[index] = packet.recipient();
    } else {
      contents[index] = (ByteBuf) msg;
      recipients[index] = null;
    }
  }

  private void setWriteInterest(boolean on) {
    if (writeInterested != on && channel.isOpen()) {
      writeInterested = on;
      channel.writeInterest(on);
    }
  }
}
