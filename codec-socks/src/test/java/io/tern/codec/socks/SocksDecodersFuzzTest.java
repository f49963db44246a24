package io.tern.codec.socks;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.socks.server.SocksPortUnificationServerHandler;
import io.tern.codec.socks.v4.Socks4ClientDecoder;
import io.tern.codec.socks.v5.Socks5ClientDecoder;
import io.tern.codec.socks.v5.Socks5ServerDecoder;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Fuzzes every SOCKS decoder: any bytes, whole or in pieces, give the same messages (and the same
 * relayed bytes) or a {@link SocksProtocolException}; nothing else is thrown and nothing leaks. The
 * normal build replays the seeds in {@code SocksDecodersFuzzTestInputs}; {@code JAZZER_FUZZ=1}
 * fuzzes.
 */
class SocksDecodersFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void server(FuzzedDataProvider data) {
    check(data, SocksPortUnificationServerHandler::new);
  }

  @FuzzTest(maxDuration = "30s")
  void socks5Server(FuzzedDataProvider data) {
    check(data, Socks5ServerDecoder::new);
  }

  @FuzzTest(maxDuration = "30s")
  void socks5Client(FuzzedDataProvider data) {
    check(data, Socks5ClientDecoder::new);
  }

  @FuzzTest(maxDuration = "30s")
  void socks4Client(FuzzedDataProvider data) {
    check(data, Socks4ClientDecoder::new);
  }

  private static void check(FuzzedDataProvider data, Supplier<ChannelHandler> decoder) {
    int piece = data.consumeInt(1, 16);
    byte[] input = data.consumeRemainingAsBytes();
    String whole = outcome(decoder.get(), input, input.length);
    String split = outcome(decoder.get(), input, piece);
    if (!Objects.equals(whole, split)) {
      throw new AssertionError("whole: " + whole + "\nin pieces of " + piece + ": " + split);
    }
  }

  private static String outcome(ChannelHandler decoder, byte[] input, int piece) {
    EmbeddedChannel ch = new EmbeddedChannel(decoder);
    StringBuilder result = new StringBuilder();
    StringBuilder relayed = new StringBuilder();
    boolean refused = false;
    try {
      for (int i = 0; i < input.length && ch.isOpen() && !refused; i += piece) {
        try {
          ch.writeInbound(Unpooled.copiedBuffer(input, i, Math.min(piece, input.length - i)));
        } catch (SocksProtocolException e) {
          refused = true;
        }
        Object o;
        while ((o = ch.readInbound()) != null) {
          if (o instanceof ByteBuf b) {
            relayed.append(b.readableBytes()).append(' ');
          } else {
            result.append(o).append('\n');
          }
          ReferenceCountUtil.release(o);
        }
      }
    } finally {
      ch.finishAndReleaseAll();
    }
    if (refused) {
      result.append("refused\n");
    }
    return result.append("relayed ").append(total(relayed)).toString();
  }

  private static int total(StringBuilder sizes) {
    int n = 0;
    for (String s : sizes.toString().trim().split(" ", -1)) {
      if (!s.isEmpty()) {
        n += Integer.parseInt(s);
      }
    }
    return n;
  }
}
