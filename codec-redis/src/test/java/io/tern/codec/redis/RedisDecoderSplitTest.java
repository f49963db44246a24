package io.tern.codec.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Feeds inputs cut at every point (and, for short ones, at every pair of points) and checks that
 * the decoder passes on exactly what it passes on for the input fed whole: messages, streamed
 * pieces (joined, since their boundaries follow the cuts) and the error, in the same order.
 */
class RedisDecoderSplitTest {
  private static final RedisDecoderConfig AGGREGATE =
      RedisDecoderConfig.DEFAULT.withInlineCommands(true);
  private static final RedisDecoderConfig STREAM = AGGREGATE.withAggregate(false);

  /** Limits small enough for short inputs to reach them. */
  private static final RedisDecoderConfig SMALL =
      AGGREGATE.withMaxLineLength(4).withMaxBulkLength(8).withMaxMessageBytes(32);

  private static final List<RedisDecoderConfig> CONFIGS =
      List.of(
          AGGREGATE,
          STREAM,
          SMALL,
          SMALL.withAggregate(false),
          RedisDecoderConfig.DEFAULT.withInlineCommands(false));

  /**
   * The first fuzzing run's finding (RedisDecoderFuzzTest): an inline command, a 5-byte bulk string
   * whose content is followed by "c@" instead of CR LF, and more. Streaming, the split input passed
   * on four bytes of the bulk string's content before the error, the whole input none.
   */
  private static final byte[] FUZZ_FINDING =
      Base64.getDecoder()
          .decode(
              "AQFAAAAAQAAAY2sNCiQ1DQoAQAAAY0AAAABAAAAAQAAAAEAAXADA/wAoACoNDSQzMQoKYWJjZA0KOjAwMDAw"
                  + "MDAwMDAwMjk0aW5pDQowMDAwMDI5NGluaQ0K");

  @Test
  void theFuzzFindingDecodesAlikeHoweverItIsCut() {
    for (RedisDecoderConfig config : CONFIGS) {
      assertAlikeAtEveryCut(config, FUZZ_FINDING);
    }
    assertThat(feedWhole(STREAM, FUZZ_FINDING))
        .containsExactly(
            "inline:\u0001\u0001@\0\0\0@\0\0ck", "bulk(5)", "\0@\0\0", "!RedisCodecException");
  }

  @Test
  void aStreamedBulkStringWithABadTerminatorPassesOnAllButItsLastByteThenFails() {
    for (String input : List.of("$5\r\nhelloXY", "$5\r\nhello\rX", "$5\r\nhello\nX")) {
      assertThat(assertAlikeAtEveryCut(STREAM, bytes(input)))
          .containsExactly("bulk(5)", "hell", "!RedisCodecException");
    }
    assertThat(assertAlikeAtEveryCut(STREAM, bytes("$1\r\nxYZ")))
        .containsExactly("bulk(1)", "!RedisCodecException");
    assertThat(assertAlikeAtEveryCut(AGGREGATE, bytes("$5\r\nhelloXY")))
        .containsExactly("!RedisCodecException");
  }

  @Test
  void aLineOfMaxPlusOneBytesIsTooLongWhetherOrNotALineFeedFollows() {
    // maxLineLength 4: "+abcd" fits, "+abcdX\n" would be cut as too long before its LF arrives.
    assertThat(assertAlikeAtEveryCut(SMALL, bytes("+abcd\r\n+abcdX\n")))
        .containsExactly("+abcd", "!TooLongFrameException");
    assertThat(assertAlikeAtEveryCut(SMALL, bytes("+abc\n")))
        .containsExactly("!RedisCodecException");
    // Inline commands end in CR LF or a bare LF: "abcde\n" has 5 bytes before its LF.
    assertThat(assertAlikeAtEveryCut(SMALL, bytes("abcd\nabcd\r\nabcde\n")))
        .containsExactly("inline:abcd", "inline:abcd", "!TooLongFrameException");
    // A length line holds at most 20 bytes.
    assertThat(assertAlikeAtEveryCut(AGGREGATE, bytes("$000000000000000000005\n")))
        .containsExactly("!TooLongFrameException");
  }

  @Test
  void validResp2Resp3AndInlineInputsDecodeAlikeHoweverTheyAreCut() {
    List<String> inputs =
        List.of(
            "+OK\r\n-ERR no\r\n:42\r\n$5\r\nhello\r\n$0\r\n\r\n$-1\r\n*-1\r\n*0\r\n",
            "*2\r\n$3\r\nGET\r\n$1\r\nk\r\n*2\r\n*1\r\n:1\r\n$2\r\nab\r\n",
            "_\r\n#t\r\n,1.5\r\n(12\r\n!3\r\nERR\r\n=7\r\ntxt:abc\r\n",
            "%1\r\n+a\r\n:1\r\n~2\r\n:1\r\n:2\r\n|1\r\n+k\r\n:1\r\n>2\r\n+p\r\n$1\r\nm\r\n",
            "PING\r\nSET k v\nGET k\r\n  \r\n\n*1\r\n$4\r\nPING\r\n");
    for (String input : inputs) {
      for (RedisDecoderConfig config : CONFIGS) {
        assertAlikeAtEveryCut(config, bytes(input));
      }
    }
    assertThat(feedWhole(STREAM, bytes(inputs.getFirst())))
        .containsExactly(
            "+OK", "-ERR no", ":42", "bulk(5)", "hello|", "$", "$null", "*null", "ARRAY[]");
  }

  @Test
  void invalidInputsFailAlikeHoweverTheyAreCut() {
    List<String> inputs =
        List.of(
            ":12x\r\n",
            "#x\r\n",
            "_x\r\n",
            "$-2\r\n",
            "*-2\r\n",
            "%-1\r\n",
            "=3\r\nabc\r\n",
            "$3\r\nabc",
            "*2\r\n+a\r\nPING\r\n",
            "+a\r\n\u0001\u0002\r\n",
            "$9999999999\r\n",
            "*3\r\n:1\r\n");
    for (String input : inputs) {
      for (RedisDecoderConfig config : CONFIGS) {
        assertAlikeAtEveryCut(config, bytes(input));
      }
    }
  }

  /**
   * Feeds the input whole, byte by byte, cut once at every point, and (up to 48 bytes) cut twice at
   * every pair of points, heap and direct; every way must pass on the same.
   *
   * @return what the input passes on fed whole
   */
  private static List<String> assertAlikeAtEveryCut(RedisDecoderConfig config, byte[] input) {
    int n = input.length;
    List<String> whole = feedWhole(config, input);
    assertThat(RespFeeding.feed(config, input, RespFeeding.ones(n), true))
        .as("%s byte by byte", config)
        .isEqualTo(whole);
    for (int i = 1; i < n; i++) {
      assertThat(RespFeeding.feed(config, input, new int[] {i, n - i}, i % 2 == 0))
          .as("%s cut at %d", config, i)
          .isEqualTo(whole);
      if (n > 48) {
        continue;
      }
      for (int j = i + 1; j < n; j++) {
        assertThat(RespFeeding.feed(config, input, new int[] {i, j - i, n - j}, j % 2 == 0))
            .as("%s cut at %d and %d", config, i, j)
            .isEqualTo(whole);
      }
    }
    return whole;
  }

  private static List<String> feedWhole(RedisDecoderConfig config, byte[] input) {
    return RespFeeding.feed(config, input, new int[] {input.length}, false);
  }

  private static byte[] bytes(String input) {
    return input.getBytes(StandardCharsets.ISO_8859_1);
  }
}
