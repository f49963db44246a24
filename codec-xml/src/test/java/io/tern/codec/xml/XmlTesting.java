package io.tern.codec.xml;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.Unpooled;
import io.tern.codec.DecoderException;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Feeds handlers in pieces and records what comes out as comparable strings. */
final class XmlTesting {
  private XmlTesting() {}

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Feeds {@code input} in pieces of the given sizes (heap or direct), then closes; returns the
   * messages as strings ({@code ByteBuf}s as their UTF-8 text, consecutive {@link XmlCharacters}
   * joined) and failures as {@code !Name}.
   */
  static List<String> feed(ChannelHandler[] handlers, byte[] input, int[] pieces, boolean direct) {
    EmbeddedChannel ch = new EmbeddedChannel(handlers);
    List<String> events = new ArrayList<>();
    int at = 0;
    try {
      for (int n : pieces) {
        ByteBuf b = direct ? Unpooled.directBuffer(n) : Unpooled.buffer(n);
        b.writeBytes(input, at, n);
        at += n;
        DecoderException failure = null;
        try {
          ch.writeInbound(b);
        } catch (DecoderException e) {
          failure = e;
        }
        // What a decoder produced before failing is passed on before the failure.
        drain(ch, events);
        if (failure != null) {
          events.add("!" + failure.getClass().getSimpleName());
        }
      }
    } finally {
      DecoderException failure = null;
      try {
        ch.finish();
      } catch (DecoderException e) {
        failure = e;
      }
      drain(ch, events);
      ch.finishAndReleaseAll();
      if (failure != null) {
        events.add("!" + failure.getClass().getSimpleName());
      }
    }
    return events;
  }

  static List<String> feedWhole(byte[] input, ChannelHandler... handlers) {
    return feed(handlers, input, new int[] {input.length}, false);
  }

  private static void drain(EmbeddedChannel ch, List<String> events) {
    Object o;
    while ((o = ch.readInbound()) != null) {
      String e =
          o instanceof ByteBuf b
              ? "frame:" + new String(ByteBufUtil.getBytes(b), StandardCharsets.UTF_8)
              : String.valueOf(o);
      ReferenceCountUtil.release(o);
      int last = events.size() - 1;
      if (o instanceof XmlCharacters c
          && last >= 0
          && events.get(last).startsWith("XmlCharacters[text=")) {
        String prev = events.get(last);
        events.set(last, prev.substring(0, prev.length() - 1) + c.text() + "]");
      } else {
        events.add(e);
      }
    }
  }

  static int[] ones(int n) {
    int[] a = new int[n];
    java.util.Arrays.fill(a, 1);
    return a;
  }

  static int[] randomPieces(Random random, int length) {
    List<Integer> sizes = new ArrayList<>();
    int left = length;
    while (left > 0) {
      int size = 1 + random.nextInt(Math.min(left, random.nextBoolean() ? 5 : 40));
      sizes.add(size);
      left -= size;
    }
    return sizes.stream().mapToInt(Integer::intValue).toArray();
  }
}
