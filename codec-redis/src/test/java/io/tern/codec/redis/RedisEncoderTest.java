package io.tern.codec.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.EncoderException;
import io.tern.transport.embedded.EmbeddedChannel;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedisEncoderTest {

  private static String encode(Object message) {
    EmbeddedChannel ch = new EmbeddedChannel(new RedisCommandEncoder(), new RedisEncoder());
    ch.writeOutbound(message);
    ByteBuf out = ch.readOutbound();
    try {
      return out.toString(StandardCharsets.ISO_8859_1);
    } finally {
      out.release();
      assertThat(ch.finish()).isFalse();
    }
  }

  private static ByteBuf text(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
  }

  @Test
  void encodesEveryScalarKind() {
    assertThat(encode(SimpleStringRedisMessage.OK)).isEqualTo("+OK\r\n");
    assertThat(encode(new ErrorRedisMessage("ERR no"))).isEqualTo("-ERR no\r\n");
    assertThat(encode(IntegerRedisMessage.of(-1234567890123L))).isEqualTo(":-1234567890123\r\n");
    assertThat(encode(IntegerRedisMessage.of(Long.MIN_VALUE)))
        .isEqualTo(":-9223372036854775808\r\n");
    assertThat(encode(IntegerRedisMessage.of(0))).isEqualTo(":0\r\n");
    assertThat(encode(new DoubleRedisMessage(1.5))).isEqualTo(",1.5\r\n");
    assertThat(encode(new DoubleRedisMessage(Double.NEGATIVE_INFINITY))).isEqualTo(",-inf\r\n");
    assertThat(encode(new DoubleRedisMessage(Double.NaN))).isEqualTo(",nan\r\n");
    assertThat(encode(BooleanRedisMessage.TRUE)).isEqualTo("#t\r\n");
    assertThat(encode(new BigNumberRedisMessage(new BigInteger("-12345678901234567890"))))
        .isEqualTo("(-12345678901234567890\r\n");
    assertThat(encode(NullRedisMessage.INSTANCE)).isEqualTo("_\r\n");
    assertThat(encode(new InlineCommandRedisMessage("PING"))).isEqualTo("PING\r\n");
    assertThat(encode(FullBulkStringRedisMessage.NULL_INSTANCE)).isEqualTo("$-1\r\n");
    assertThat(encode(FullBulkStringRedisMessage.EMPTY_INSTANCE)).isEqualTo("$0\r\n\r\n");
    assertThat(encode(new FullBulkStringRedisMessage(text("héllo"))))
        .isEqualTo("$6\r\nh\u00c3\u00a9llo\r\n");
    assertThat(encode(new VerbatimStringRedisMessage("txt", text("hi"))))
        .isEqualTo("=6\r\ntxt:hi\r\n");
  }

  @Test
  void encodesAggregatesOfEveryKind() {
    List<RedisMessage> children = new ArrayList<>();
    children.add(new FullBulkStringRedisMessage(text("a")));
    children.add(ArrayRedisMessage.set(new ArrayList<>(List.of(IntegerRedisMessage.of(1)))));
    children.add(
        MapRedisMessage.map(
            new ArrayList<>(
                List.of(new SimpleStringRedisMessage("k"), NullRedisMessage.INSTANCE))));
    assertThat(encode(ArrayRedisMessage.push(children)))
        .isEqualTo(">3\r\n$1\r\na\r\n~1\r\n:1\r\n%1\r\n+k\r\n_\r\n");
    assertThat(encode(ArrayRedisMessage.NULL_INSTANCE)).isEqualTo("*-1\r\n");
    assertThat(encode(ArrayRedisMessage.EMPTY_INSTANCE)).isEqualTo("*0\r\n");
    assertThat(encode(MapRedisMessage.attribute(new ArrayList<>()))).isEqualTo("|0\r\n");
  }

  @Test
  void encodesStreamedPiecesSoAProxyCanPassThemOn() {
    assertThat(encode(new BulkStringHeaderRedisMessage(5))).isEqualTo("$5\r\n");
    assertThat(encode(BulkStringRedisContent.of(text("hel")))).isEqualTo("hel");
    assertThat(encode(BulkStringRedisContent.last(text("lo")))).isEqualTo("lo\r\n");
    assertThat(encode(new AggregateHeaderRedisMessage(RedisMessageType.MAP, 2)))
        .isEqualTo("%2\r\n");
  }

  @Test
  void writesAnErrorWithALineBreakAsABulkError() {
    assertThat(encode(new ErrorRedisMessage("ERR a\r\nb"))).isEqualTo("!8\r\nERR a\r\nb\r\n");
  }

  @Test
  void refusesASimpleStringWithALineBreakAndReleasesTheMessage() {
    EmbeddedChannel ch = new EmbeddedChannel(new RedisEncoder());
    List<RedisMessage> children = new ArrayList<>();
    children.add(new FullBulkStringRedisMessage(text("held")));
    children.add(new SimpleStringRedisMessage("a\nb"));
    assertThatThrownBy(() -> ch.writeOutbound(ArrayRedisMessage.array(children)))
        .isInstanceOf(EncoderException.class);
    assertThat(ch.finish()).isFalse();
  }

  @Test
  void writesACommandAsAnArrayOfBulkStrings() {
    assertThat(encode(RedisCommand.of("SET", "k", new byte[] {0, (byte) 0xff}, 42L, -7)))
        .isEqualTo("*5\r\n$3\r\nSET\r\n$1\r\nk\r\n$2\r\n\0\u00ff\r\n$2\r\n42\r\n$2\r\n-7\r\n");
    assertThat(encode(RedisCommand.of("SET", "ключ", "v")))
        .isEqualTo(
            "*3\r\n$3\r\nSET\r\n$8\r\n"
                + new String("ключ".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1)
                + "\r\n$1\r\nv\r\n");
  }

  @Test
  void parsesACommandLineLikeRedisCli() {
    RedisCommand command = RedisCommand.parse("  SET greeting \"hello world\\x21\"  'it\\'s' ");
    assertThat(command.name()).isEqualTo("SET");
    assertThat(command.size()).isEqualTo(4);
    assertThat(encode(command))
        .isEqualTo("*4\r\n$3\r\nSET\r\n$8\r\ngreeting\r\n$12\r\nhello world!\r\n$4\r\nit's\r\n");
    assertThatThrownBy(() -> RedisCommand.parse("GET 'a''b'"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RedisCommand.parse("GET \"open"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RedisCommand.parse("   "))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(encode(RedisCommand.parse("SET k \"\\xff\"")))
        .isEqualTo("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\n\u00ff\r\n");
  }

  @Test
  void roundTripsThroughTheDecoder() {
    List<RedisMessage> inner = new ArrayList<>();
    inner.add(new DoubleRedisMessage(-0.25));
    inner.add(new VerbatimStringRedisMessage("mkd", text("# hi")));
    inner.add(new ErrorRedisMessage("WRONGTYPE x"));
    List<RedisMessage> outer = new ArrayList<>();
    outer.add(ArrayRedisMessage.array(inner));
    outer.add(BooleanRedisMessage.FALSE);
    outer.add(FullBulkStringRedisMessage.NULL_INSTANCE);
    String wire = encode(ArrayRedisMessage.array(outer));
    assertThat(RespFeeding.whole(RedisDecoderConfig.DEFAULT, wire))
        .containsExactly("ARRAY[ARRAY[,-0.25;=mkd:# hi;-WRONGTYPE x;];#false;$null;]");
  }
}
