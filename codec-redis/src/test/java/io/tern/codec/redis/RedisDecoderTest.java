package io.tern.codec.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RedisDecoderTest {
  private static final RedisDecoderConfig AGGREGATE = RedisDecoderConfig.DEFAULT;
  private static final RedisDecoderConfig STREAM = RedisDecoderConfig.DEFAULT.withAggregate(false);

  private static List<String> decode(String input) {
    return assertSameAcrossSplits(AGGREGATE, input);
  }

  /** Decodes whole, byte by byte and in random splits (heap and direct); all must agree. */
  private static List<String> assertSameAcrossSplits(RedisDecoderConfig config, String input) {
    byte[] bytes = input.getBytes(StandardCharsets.ISO_8859_1);
    List<String> whole = RespFeeding.feed(config, bytes, new int[] {bytes.length}, false);
    assertThat(RespFeeding.feed(config, bytes, RespFeeding.ones(bytes.length), true))
        .as("byte by byte")
        .isEqualTo(whole);
    Random random = new Random(input.hashCode());
    for (int i = 0; i < 8; i++) {
      int[] splits = RespFeeding.randomSplits(random, bytes.length);
      assertThat(RespFeeding.feed(config, bytes, splits, random.nextBoolean()))
          .as("split %s", java.util.Arrays.toString(splits))
          .isEqualTo(whole);
    }
    return whole;
  }

  @Test
  void decodesEveryResp2Kind() {
    assertThat(
            decode(
                String.join(
                    "",
                    "+OK\r\n+hello world\r\n-ERR bad thing\r\n:42\r\n:-7\r\n$5\r\nhel\0o\r\n",
                    "$-1\r\n$0\r\n\r\n*-1\r\n*0\r\n*2\r\n$3\r\nGET\r\n$1\r\nk\r\n")))
        .containsExactly(
            "+OK",
            "+hello world",
            "-ERR bad thing",
            ":42",
            ":-7",
            "$hel\0o",
            "$null",
            "$",
            "*null",
            "ARRAY[]",
            "ARRAY[$GET;$k;]");
  }

  @Test
  void decodesEveryResp3Kind() {
    assertThat(
            decode(
                String.join(
                    "",
                    "_\r\n#t\r\n#f\r\n,3.25\r\n,inf\r\n,-inf\r\n,nan\r\n,-1.5e3\r\n",
                    "(123456789012345678901234567890\r\n!11\r\nSYNTAX\r\nbad\r\n",
                    "=8\r\ntxt:ab\r\n\r\n%2\r\n+a\r\n:1\r\n+b\r\n_\r\n~2\r\n:1\r\n:2\r\n",
                    ">2\r\n$7\r\nmessage\r\n$2\r\nhi\r\n")))
        .containsExactly(
            "_",
            "#true",
            "#false",
            ",3.25",
            ",Infinity",
            ",-Infinity",
            ",NaN",
            ",-1500.0",
            "(123456789012345678901234567890",
            "-SYNTAX\r\nbad",
            "=txt:ab\r\n",
            "MAP{+a=:1;+b=_;}",
            "SET[:1;:2;]",
            "PUSH[$message;$hi;]");
  }

  @Test
  void nestsAggregatesInsideEachOther() {
    assertThat(decode("*3\r\n*2\r\n:1\r\n*1\r\n%1\r\n+k\r\n~0\r\n$1\r\nv\r\n*0\r\n+after\r\n"))
        .containsExactly("ARRAY[ARRAY[:1;ARRAY[MAP{+k=SET[];};];];$v;ARRAY[];]", "+after");
  }

  @Test
  void passesAnAttributeOnRightBeforeTheValueItDescribes() {
    assertThat(decode("|1\r\n+ttl\r\n:3600\r\n$3\r\nval\r\n"))
        .containsExactly("ATTRIBUTE{+ttl=:3600;}", "$val");
    // Inside an aggregate the attribute is a child that does not count toward the length.
    assertThat(decode("*2\r\n|1\r\n+a\r\n:1\r\n:10\r\n:20\r\n+next\r\n"))
        .containsExactly("ARRAY[ATTRIBUTE{+a=:1;};:10;:20;]", "+next");
    // An attribute may itself hold an aggregate.
    assertThat(decode("|1\r\n+keys\r\n*1\r\n+k\r\n:5\r\n"))
        .containsExactly("ATTRIBUTE{+keys=ARRAY[+k;];}", ":5");
  }

  @Test
  void decodesIntegersAtTheEdgesOf64Bits() {
    assertThat(decode(":9223372036854775807\r\n:-9223372036854775808\r\n:0\r\n"))
        .containsExactly(":9223372036854775807", ":-9223372036854775808", ":0");
    assertThat(RespFeeding.whole(AGGREGATE, ":9223372036854775808\r\n"))
        .containsExactly("!RedisCodecException");
  }

  @Test
  void streamsBulkStringsAndAggregateHeadersWhenNotAggregating() {
    assertThat(
            assertSameAcrossSplits(
                STREAM,
                "$5\r\nhello\r\n*2\r\n:1\r\n$0\r\n\r\n%1\r\n+k\r\n$-1\r\n*0\r\n=7\r\ntxt:abc\r\n"))
        .containsExactly(
            "bulk(5)",
            "hello|",
            "ARRAY(2)",
            ":1",
            "$",
            "MAP(1)",
            "+k",
            "$null",
            "ARRAY[]",
            "=txt:abc");
  }

  @Test
  void streamsPiecesOfABulkStringAsTheyArrive() {
    Recorded recorded = new Recorded(STREAM);
    recorded.write("$10\r\nhello");
    assertThat(recorded.take()).containsExactly("bulk(10)", "piece:hello");
    recorded.write("world\r");
    assertThat(recorded.take()).containsExactly("piece:worl");
    recorded.write("\n+OK\r\n");
    assertThat(recorded.take()).containsExactly("piece:d|", "+OK");
    recorded.close();
  }

  @Test
  void rejectsMalformedInputWithATypedErrorAndDiscardsTheRest() {
    for (String bad :
        List.of(
            "?x\r\n",
            "+OK\n",
            "\r\n",
            "$3\r\nabcd\r\n",
            "$x\r\nab\r\n",
            "$-2\r\n",
            "$?\r\n;4\r\nabcd\r\n;0\r\n",
            ":12a\r\n",
            ":\r\n",
            ":+1\r\n",
            "#x\r\n",
            "#tt\r\n",
            "_x\r\n",
            ",1e\r\n",
            ",Infinity\r\n",
            ",0x1p3\r\n",
            "(12a\r\n",
            "(\r\n",
            "%-1\r\n",
            "~-1\r\n",
            "*-2\r\n",
            "=3\r\ntxt\r\n",
            "=5\r\ntxt;a\r\n")) {
      assertThat(RespFeeding.whole(AGGREGATE, bad + "+after\r\n"))
          .as(bad)
          .containsExactly("!RedisCodecException");
    }
  }

  @Test
  void releasesAPartialAggregateWhenDecodingFails() {
    assertThat(decode("*3\r\n$3\r\nabc\r\n*1\r\n$2\r\nxy\r\n?bad\r\n+OK\r\n"))
        .containsExactly("!RedisCodecException");
  }

  @Test
  void releasesAPartialAggregateAndReportsTheTruncationWhenTheInputEnds() {
    assertThat(decode("*2\r\n$3\r\nabc\r\n%2\r\n$1\r\nk\r\n"))
        .containsExactly("!RedisCodecException");
  }

  @Test
  void reportsInputThatEndsInsideAMessage() {
    for (String cut : List.of("+OK", "$5\r\nhel", "$5\r\nhello\r", ":12", "*2\r\n:1\r\n")) {
      assertThat(RespFeeding.whole(AGGREGATE, "+first\r\n" + cut))
          .as(cut)
          .containsExactly("+first", "!RedisCodecException");
    }
    assertThat(RespFeeding.whole(STREAM, "$5\r\nhel"))
        .containsExactly("bulk(5)", "hel", "!RedisCodecException");
    assertThat(RespFeeding.whole(AGGREGATE, "+OK\r\n:1\r\n")).containsExactly("+OK", ":1");
  }

  @Test
  void enforcesEveryLimitBeforeWaitingForTheBytes() {
    assertThat(RespFeeding.whole(AGGREGATE.withMaxBulkLength(4), "$5\r\n"))
        .containsExactly("!TooLongFrameException");
    assertThat(RespFeeding.whole(STREAM.withMaxBulkLength(4), "$5\r\n"))
        .containsExactly("!TooLongFrameException");
    assertThat(RespFeeding.whole(AGGREGATE.withMaxLineLength(4), "+hello"))
        .containsExactly("!TooLongFrameException");
    assertThat(RespFeeding.whole(AGGREGATE.withMaxLineLength(5), "+hello\r\n"))
        .containsExactly("+hello");
    assertThat(RespFeeding.whole(AGGREGATE.withMaxAggregateLength(2), "*3\r\n"))
        .containsExactly("!TooLongFrameException");
    assertThat(RespFeeding.whole(AGGREGATE.withMaxNestingDepth(2), "*1\r\n*1\r\n*1\r\n"))
        .containsExactly("!TooLongFrameException");
    assertThat(RespFeeding.whole(AGGREGATE.withMaxNestingDepth(2), "*1\r\n*1\r\n:1\r\n"))
        .containsExactly("ARRAY[ARRAY[:1;];]");
    assertThat(RespFeeding.whole(AGGREGATE.withMaxMessageBytes(20), "*2\r\n$3\r\nabc\r\n$100\r\n"))
        .containsExactly("!TooLongFrameException");
    assertThat(
            RespFeeding.whole(
                AGGREGATE.withMaxMessageBytes(20), "*1\r\n$3\r\nabc\r\n*1\r\n$3\r\nabc\r\n"))
        .as("the count starts again with each top-level message")
        .containsExactly("ARRAY[$abc;]", "ARRAY[$abc;]");
    assertThat(RespFeeding.whole(AGGREGATE, "$1" + "1".repeat(30)))
        .containsExactly("!TooLongFrameException");
  }

  @Test
  void decodesInlineCommandsOnlyWhenEnabled() {
    RedisDecoderConfig server = AGGREGATE.withInlineCommands(true);
    assertThat(assertSameAcrossSplits(server, "PING\r\nSET k \"a b\"\n\r\n*1\r\n$4\r\nPING\r\n"))
        .containsExactly("inline:PING", "inline:SET k \"a b\"", "ARRAY[$PING;]");
    assertThat(RespFeeding.whole(AGGREGATE, "PING\r\n")).containsExactly("!RedisCodecException");
    assertThat(RespFeeding.whole(server.withMaxLineLength(3), "PING"))
        .containsExactly("!TooLongFrameException");
    assertThat(new InlineCommandRedisMessage("SET k \"a b\\x41\" 'c\\'d'  e").arguments())
        .containsExactly("SET", "k", "a bA", "c'd", "e");
  }

  @Test
  void bulkStringsShareTheReceivedBytesUntilReleased() {
    EmbeddedChannel ch = new EmbeddedChannel(new RedisDecoder());
    ByteBuf in = Unpooled.copiedBuffer("$3\r\nabc\r\n", StandardCharsets.US_ASCII);
    ch.writeInbound(in);
    FullBulkStringRedisMessage message = ch.readInbound();
    assertThat(message.toString(StandardCharsets.US_ASCII)).isEqualTo("abc");
    assertThat(message.refCnt()).isEqualTo(1);
    assertThat(message.release()).isTrue();
    assertThat(ch.finish()).isFalse();
  }

  /** A channel fed piece by piece, for tests that look at output between reads. */
  private static final class Recorded {
    private final RespFeeding.Recorder recorder = new RespFeeding.Recorder();
    private final EmbeddedChannel ch;

    Recorded(RedisDecoderConfig config) {
      ch = new EmbeddedChannel(new RedisDecoder(config), recorder);
    }

    void write(String text) {
      ch.writeInbound(Unpooled.copiedBuffer(text, StandardCharsets.ISO_8859_1));
    }

    List<String> take() {
      List<String> events = List.copyOf(recorder.events);
      recorder.events.clear();
      return events;
    }

    void close() {
      ch.finishAndReleaseAll();
    }
  }
}
