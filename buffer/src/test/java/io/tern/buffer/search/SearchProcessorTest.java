package io.tern.buffer.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class SearchProcessorTest {

  /** End indexes (inclusive) of every, possibly overlapping, occurrence of needle. */
  private static List<Integer> naiveMatchEnds(byte[] haystack, byte[] needle) {
    List<Integer> ends = new ArrayList<>();
    outer:
    for (int start = 0; start + needle.length <= haystack.length; start++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[start + j] != needle[j]) {
          continue outer;
        }
      }
      ends.add(start + needle.length - 1);
    }
    return ends;
  }

  /** Feeds every byte, as a forEachByte loop restarted after each match would. */
  private static List<Integer> processorMatchEnds(SearchProcessor processor, byte[] haystack) {
    List<Integer> ends = new ArrayList<>();
    for (int i = 0; i < haystack.length; i++) {
      if (!processor.process(haystack[i])) {
        ends.add(i);
      }
    }
    return ends;
  }

  private static byte[] random(Random random, int length, int alphabet) {
    byte[] bytes = new byte[length];
    for (int i = 0; i < length; i++) {
      bytes[i] = (byte) (random.nextInt(alphabet) - 128 + random.nextInt(2) * 128);
    }
    return bytes;
  }

  private static void matchesNaiveSearch(
      Function<byte[], AbstractSearchProcessorFactory> factory, int maxNeedle) {
    Random random = new Random(0x5eed);
    for (int round = 0; round < 3000; round++) {
      int alphabet = 1 + random.nextInt(4);
      byte[] haystack = random(random, random.nextInt(300), alphabet);
      byte[] needle = random(random, 1 + random.nextInt(maxNeedle), alphabet);
      if (random.nextInt(4) == 0 && haystack.length >= needle.length) {
        // Plant the needle at the very end.
        System.arraycopy(needle, 0, haystack, haystack.length - needle.length, needle.length);
      }
      SearchProcessor processor = factory.apply(needle).newSearchProcessor();
      assertThat(processorMatchEnds(processor, haystack))
          .as("round %d", round)
          .isEqualTo(naiveMatchEnds(haystack, needle));
    }
  }

  @Test
  void kmpFindsEveryOccurrenceLikeNaiveSearch() {
    matchesNaiveSearch(AbstractSearchProcessorFactory::newKmpSearchProcessorFactory, 100);
  }

  @Test
  void kmpFindsNeedlesInTextOfMostlyUnrelatedBytes() {
    // Over a large alphabet most bytes are neither a partial match nor the needle's first byte
    // (the processor's short step); needles that start with a repeated byte and one-byte needles
    // must still be found at every occurrence, including right after a mismatch.
    Random random = new Random(17);
    for (byte[] needle :
        List.of(
            new byte[] {7}, new byte[] {7, 7, 8}, new byte[] {7, 8, 7, 8, 9}, new byte[] {-1, 0})) {
      byte[] haystack = random(random, 4000, 256);
      for (int at = 5; at + 2 * needle.length < haystack.length; at += 97) {
        System.arraycopy(needle, 0, haystack, at, needle.length);
        haystack[at - 1] = needle[0]; // a false start just before
      }
      SearchProcessor processor =
          AbstractSearchProcessorFactory.newKmpSearchProcessorFactory(needle).newSearchProcessor();
      assertThat(processorMatchEnds(processor, haystack))
          .isEqualTo(naiveMatchEnds(haystack, needle));
    }
  }

  @Test
  void bitapFindsEveryOccurrenceLikeNaiveSearch() {
    matchesNaiveSearch(AbstractSearchProcessorFactory::newBitapSearchProcessorFactory, 64);
  }

  @Test
  void singleNeedleAhoCorasickFindsEveryOccurrenceLikeNaiveSearch() {
    Random random = new Random(7);
    for (int round = 0; round < 1000; round++) {
      byte[] haystack = random(random, random.nextInt(200), 3);
      byte[] needle = random(random, 1 + random.nextInt(6), 3);
      MultiSearchProcessor processor =
          AbstractMultiSearchProcessorFactory.newAhoCorasicSearchProcessorFactory(needle)
              .newSearchProcessor();
      assertThat(processorMatchEnds(processor, haystack))
          .isEqualTo(naiveMatchEnds(haystack, needle));
    }
  }

  @Test
  void ahoCorasickReportsTheLongestNeedleEndingAtEachMatch() {
    Random random = new Random(42);
    for (int round = 0; round < 1500; round++) {
      int alphabet = 1 + random.nextInt(3);
      byte[][] needles = new byte[1 + random.nextInt(6)][];
      for (int i = 0; i < needles.length; i++) {
        needles[i] = random(random, 1 + random.nextInt(5), alphabet);
      }
      byte[] haystack = random(random, random.nextInt(200), alphabet);

      // Expected: at each end index, the longest needle ending there, lowest id among equals.
      int[] expected = new int[haystack.length];
      java.util.Arrays.fill(expected, -1);
      for (int id = 0; id < needles.length; id++) {
        for (int end : naiveMatchEnds(haystack, needles[id])) {
          int best = expected[end];
          if (best < 0 || needles[id].length > needles[best].length) {
            expected[end] = id;
          }
        }
      }

      MultiSearchProcessor processor =
          AbstractMultiSearchProcessorFactory.newAhoCorasicSearchProcessorFactory(needles)
              .newSearchProcessor();
      int[] actual = new int[haystack.length];
      for (int i = 0; i < haystack.length; i++) {
        actual[i] = processor.process(haystack[i]) ? -1 : processor.getFoundNeedleId();
      }
      assertThat(actual).as("round %d", round).isEqualTo(expected);
    }
  }

  @Test
  void overlappingNeedlesAreAllFound() {
    byte[] haystack = ascii("ushers");
    MultiSearchProcessor processor =
        AbstractMultiSearchProcessorFactory.newAhoCorasicSearchProcessorFactory(
                ascii("he"), ascii("she"), ascii("his"), ascii("hers"))
            .newSearchProcessor();
    List<String> found = new ArrayList<>();
    for (int i = 0; i < haystack.length; i++) {
      if (!processor.process(haystack[i])) {
        found.add(i + ":" + processor.getFoundNeedleId());
      }
    }
    // "she" and "he" both end at index 3; the longer one is reported.
    assertThat(found).containsExactly("3:1", "5:3");
  }

  @Test
  void absentNeedleIsNotFound() {
    byte[] haystack = ascii("GET /index.html HTTP/1.1\r\nHost: x\r\n");
    for (AbstractSearchProcessorFactory factory :
        List.of(
            AbstractSearchProcessorFactory.newKmpSearchProcessorFactory(ascii("\r\n\r\n")),
            AbstractSearchProcessorFactory.newBitapSearchProcessorFactory(ascii("\r\n\r\n")))) {
      assertThat(processorMatchEnds(factory.newSearchProcessor(), haystack)).isEmpty();
    }
  }

  @Test
  void resetForgetsAPartialMatch() {
    for (SearchProcessorFactory factory :
        List.of(
            AbstractSearchProcessorFactory.newKmpSearchProcessorFactory(ascii("abc")),
            AbstractSearchProcessorFactory.newBitapSearchProcessorFactory(ascii("abc")),
            AbstractMultiSearchProcessorFactory.newAhoCorasicSearchProcessorFactory(
                ascii("abc")))) {
      SearchProcessor processor = factory.newSearchProcessor();
      assertThat(processor.process((byte) 'a')).isTrue();
      assertThat(processor.process((byte) 'b')).isTrue();
      processor.reset();
      assertThat(processor.process((byte) 'c')).isTrue();
    }
  }

  @Test
  void invalidNeedlesAreRejected() {
    assertThatThrownBy(
            () -> AbstractSearchProcessorFactory.newKmpSearchProcessorFactory(new byte[0]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () -> AbstractSearchProcessorFactory.newBitapSearchProcessorFactory(new byte[65]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("64");
    assertThat(AbstractSearchProcessorFactory.newBitapSearchProcessorFactory(new byte[64]))
        .isNotNull();
    assertThatThrownBy(AbstractMultiSearchProcessorFactory::newAhoCorasicSearchProcessorFactory)
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                AbstractMultiSearchProcessorFactory.newAhoCorasicSearchProcessorFactory(
                    new byte[1], new byte[0]))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                AbstractMultiSearchProcessorFactory.newAhoCorasicSearchProcessorFactory(
                    new byte[40000], new byte[40000]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void factoryCopiesTheNeedle() {
    byte[] needle = ascii("ab");
    SearchProcessorFactory kmp =
        AbstractSearchProcessorFactory.newKmpSearchProcessorFactory(needle);
    needle[1] = 'x';
    assertThat(processorMatchEnds(kmp.newSearchProcessor(), ascii("ab"))).containsExactly(1);
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
