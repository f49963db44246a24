package io.tern.buffer.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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
  void twoWayFindsEveryOccurrenceLikeNaiveSearch() {
    matchesNaiveSearch(AbstractSearchProcessorFactory::newTwoWaySearchProcessorFactory, 100);
  }

  /** The Fibonacci word of about {@code length} letters: highly periodic, many critical cuts. */
  private static byte[] fibonacci(int length) {
    String a = "a";
    String b = "ab";
    while (b.length() < length) {
      String next = b + a;
      a = b;
      b = next;
    }
    return b.substring(0, length).getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void twoWayFindsPeriodicAndAdversarialNeedlesLikeNaiveSearch() {
    List<byte[]> needles = new ArrayList<>();
    needles.add("a".repeat(40).getBytes(StandardCharsets.US_ASCII));
    needles.add(("a".repeat(39) + "b").getBytes(StandardCharsets.US_ASCII));
    needles.add(("b" + "a".repeat(39)).getBytes(StandardCharsets.US_ASCII));
    needles.add("abababababab".getBytes(StandardCharsets.US_ASCII));
    needles.add("abaabaabaab".getBytes(StandardCharsets.US_ASCII));
    needles.add("aabaabaaba".getBytes(StandardCharsets.US_ASCII));
    needles.add(fibonacci(33));
    needles.add(fibonacci(70));
    needles.add(new byte[] {(byte) 0xFF, 0x00, (byte) 0xFF, 0x00, (byte) 0x80});
    needles.add(new byte[] {(byte) 0x80, 0x7F, (byte) 0x80});
    List<byte[]> haystacks = new ArrayList<>();
    haystacks.add("a".repeat(500).getBytes(StandardCharsets.US_ASCII));
    haystacks.add(("a".repeat(39) + "b").repeat(12).getBytes(StandardCharsets.US_ASCII));
    haystacks.add(("a".repeat(38) + "b").repeat(12).getBytes(StandardCharsets.US_ASCII));
    haystacks.add("ab".repeat(300).getBytes(StandardCharsets.US_ASCII));
    haystacks.add("abaab".repeat(120).getBytes(StandardCharsets.US_ASCII));
    haystacks.add(fibonacci(2000));
    byte[] bytes = new byte[600];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (i % 5 == 4 ? 0x80 : (i % 2 == 0 ? 0xFF : 0x00));
    }
    haystacks.add(bytes);
    for (byte[] needle : needles) {
      for (byte[] haystack : haystacks) {
        SearchProcessor processor =
            AbstractSearchProcessorFactory.newTwoWaySearchProcessorFactory(needle)
                .newSearchProcessor();
        assertThat(processorMatchEnds(processor, haystack))
            .as("needle %s", new String(needle, StandardCharsets.ISO_8859_1))
            .isEqualTo(naiveMatchEnds(haystack, needle));
        processor.reset();
        assertThat(processorMatchEnds(processor, haystack))
            .as("after reset")
            .isEqualTo(naiveMatchEnds(haystack, needle));
      }
    }
  }

  @Test
  void twoWayRefusesAnEmptyNeedle() {
    assertThatThrownBy(
            () -> AbstractSearchProcessorFactory.newTwoWaySearchProcessorFactory(new byte[0]))
        .isInstanceOf(IllegalArgumentException.class);
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
  void bitapAndAhoCorasickFindNeedlesInTextOfMostlyUnrelatedBytes() {
    // Over a large alphabet almost every byte leaves the state at "no partial match" (the
    // processors' short step, which keeps the state unchanged): matches right after a false
    // start, back to back, and of one-byte needles must still be found at every occurrence.
    Random random = new Random(23);
    for (byte[] needle :
        List.of(
            new byte[] {7},
            new byte[] {7, 7, 8},
            new byte[] {7, 8, 7, 8, 9},
            new byte[] {-1, 0},
            random(random, 64, 256))) {
      byte[] haystack = random(random, 6000, 256);
      for (int at = 5; at + 3 * needle.length < haystack.length; at += 89 + needle.length) {
        System.arraycopy(needle, 0, haystack, at, needle.length);
        System.arraycopy(needle, 0, haystack, at + needle.length, needle.length);
        haystack[at - 1] = needle[0]; // a false start just before
      }
      List<Integer> expected = naiveMatchEnds(haystack, needle);
      assertThat(expected).hasSizeGreaterThan(40);
      for (SearchProcessorFactory factory :
          List.of(
              AbstractSearchProcessorFactory.newBitapSearchProcessorFactory(needle),
              AbstractSearchProcessorFactory.newTwoWaySearchProcessorFactory(needle),
              AbstractMultiSearchProcessorFactory.newAhoCorasicSearchProcessorFactory(
                  needle, new byte[] {'#', 1, 2, 3, 4, 5, 6, 7}))) {
        assertThat(processorMatchEnds(factory.newSearchProcessor(), haystack))
            .as("%s, needle of %d", factory.getClass().getSimpleName(), needle.length)
            .isEqualTo(expected);
      }
    }
  }

  /** Match ends found by forEachByte over [from, to) of buf, restarting after each match. */
  private static List<Integer> forEachByteMatchEnds(
      ByteBuf buf, int from, int to, SearchProcessor processor) {
    List<Integer> ends = new ArrayList<>();
    int start = from;
    while (start < to) {
      int i = buf.forEachByte(start, to - start, processor);
      if (i < 0) {
        break;
      }
      ends.add(i);
      start = i + 1;
    }
    return ends;
  }

  @Test
  void buffersScanWithTheProcessorsWholeRangeStepLikeByteByByte() {
    // Heap and direct buffers hand bitap and Aho-Corasick processors whole ranges (their scan
    // methods); wrapped arrays with an offset, slices and composites go through the same paths. A
    // scan split in two at every position must find matches that span the split (the state is
    // carried over), and the processors must agree with feeding process() byte by byte.
    Random random = new Random(99);
    byte[] needle = {3, 1, 3, 1, 2};
    byte[] text = random(random, 700, 4);
    for (int at = 10; at < 650; at += 61) {
      System.arraycopy(needle, 0, text, at, needle.length);
    }
    List<Integer> expected = naiveMatchEnds(text, needle);
    assertThat(expected).hasSizeGreaterThan(10);
    byte[] padded = new byte[text.length + 7];
    System.arraycopy(text, 0, padded, 3, text.length);
    ByteBuf direct = Unpooled.directBuffer(text.length).writeBytes(text);
    ByteBuf composite =
        Unpooled.wrappedBuffer(
            Arrays.copyOfRange(text, 0, 300), Arrays.copyOfRange(text, 300, text.length));
    List<ByteBuf> buffers =
        List.of(
            Unpooled.wrappedBuffer(text),
            Unpooled.wrappedBuffer(padded, 3, text.length),
            direct,
            direct.slice(0, text.length),
            composite);
    try {
      for (ByteBuf buf : buffers) {
        for (SearchProcessorFactory factory :
            List.of(
                AbstractSearchProcessorFactory.newBitapSearchProcessorFactory(needle),
                AbstractSearchProcessorFactory.newTwoWaySearchProcessorFactory(needle),
                AbstractMultiSearchProcessorFactory.newAhoCorasicSearchProcessorFactory(
                    needle, new byte[] {9, 9}))) {
          String what = factory.getClass().getSimpleName() + " over " + buf;
          assertThat(forEachByteMatchEnds(buf, 0, text.length, factory.newSearchProcessor()))
              .as(what)
              .isEqualTo(expected);
          for (int split = 1; split < text.length; split += 7) {
            SearchProcessor processor = factory.newSearchProcessor();
            List<Integer> ends = new ArrayList<>(forEachByteMatchEnds(buf, 0, split, processor));
            ends.addAll(forEachByteMatchEnds(buf, split, text.length, processor));
            assertThat(ends).as("%s split at %d", what, split).isEqualTo(expected);
          }
        }
      }
    } finally {
      buffers.get(0).release();
      buffers.get(1).release();
      direct.release();
      composite.release();
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
            AbstractSearchProcessorFactory.newBitapSearchProcessorFactory(ascii("\r\n\r\n")),
            AbstractSearchProcessorFactory.newTwoWaySearchProcessorFactory(ascii("\r\n\r\n")))) {
      assertThat(processorMatchEnds(factory.newSearchProcessor(), haystack)).isEmpty();
    }
  }

  @Test
  void resetForgetsAPartialMatch() {
    for (SearchProcessorFactory factory :
        List.of(
            AbstractSearchProcessorFactory.newKmpSearchProcessorFactory(ascii("abc")),
            AbstractSearchProcessorFactory.newBitapSearchProcessorFactory(ascii("abc")),
            AbstractSearchProcessorFactory.newTwoWaySearchProcessorFactory(ascii("abc")),
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
    SearchProcessorFactory twoWay =
        AbstractSearchProcessorFactory.newTwoWaySearchProcessorFactory(needle);
    needle[1] = 'x';
    assertThat(processorMatchEnds(kmp.newSearchProcessor(), ascii("ab"))).containsExactly(1);
    assertThat(processorMatchEnds(twoWay.newSearchProcessor(), ascii("ab"))).containsExactly(1);
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
