package io.tern.codec.http2.hpack;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.http2.hpack.HpackStories.Case;
import io.tern.codec.http2.hpack.HpackStories.Field;
import io.tern.codec.http2.hpack.HpackStories.Story;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every story of the hpack-test-case corpus: each implementation's encoded blocks decode to the
 * recorded headers, and the raw header sets encoded by Tern decode again to themselves.
 */
class HpackStoriesTest {
  static Stream<Arguments> encodedStories() {
    return HpackStories.paths().stream()
        .filter(p -> !p.startsWith("raw-data/"))
        .map(p -> Arguments.of(p));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("encodedStories")
  void everyEncodedStoryDecodesToItsHeaders(String path) throws HpackException {
    Story story = HpackStories.story(path);
    assertThat(story.cases()).isNotEmpty();
    HpackDecoder decoder = new HpackDecoder(Long.MAX_VALUE);
    for (Case c : story.cases()) {
      if (c.headerTableSize() >= 0) {
        decoder.maxHeaderTableSize(c.headerTableSize());
      }
      assertThat(decode(decoder, c.wire()))
          .as("%s seqno %d", path, c.seqno())
          .containsExactlyElementsOf(c.headers());
    }
  }

  @ParameterizedTest(name = "table cap {0}")
  @ValueSource(ints = {4096, 256, 0, 65536})
  void everyRawStoryEncodedByTernDecodesToItsHeaders(int cap) throws HpackException {
    List<Story> stories = HpackStories.load("raw-data");
    assertThat(stories).hasSize(32);
    for (Story story : stories) {
      HpackEncoder encoder = new HpackEncoder(cap);
      HpackDecoder decoder = new HpackDecoder(Long.MAX_VALUE);
      decoder.maxHeaderTableSize(Math.max(cap, HpackDecoder.DEFAULT_HEADER_TABLE_SIZE));
      encoder.maxHeaderTableSize(Math.max(cap, HpackDecoder.DEFAULT_HEADER_TABLE_SIZE));
      long wire = 0;
      long plain = 0;
      for (Case c : story.cases()) {
        ByteBuf block = Unpooled.buffer();
        try {
          encoder.beginBlock(block);
          for (Field f : c.headers()) {
            encoder.encodeHeader(block, f.name(), f.value(), false);
            plain += f.name().length() + f.value().length();
          }
          wire += block.readableBytes();
          List<Field> decoded = new ArrayList<>();
          assertThat(decoder.decode(block, (n, v) -> decoded.add(field(n, v)))).isTrue();
          assertThat(decoded)
              .as("%s seqno %d", story.path(), c.seqno())
              .containsExactlyElementsOf(c.headers());
        } finally {
          block.release();
        }
      }
      assertThat(encoder.dynamicTableSize()).isEqualTo(decoder.dynamicTableSize());
      if (cap >= 4096) {
        assertThat(wire).as("compresses %s", story.path()).isLessThan(plain / 2);
      }
    }
  }

  @ParameterizedTest(name = "table size {0}")
  @ValueSource(ints = {4096, 512, 0})
  void storiesSurviveTableSizeChangesBetweenBlocks(int lowered) throws HpackException {
    for (Story story : HpackStories.load("raw-data")) {
      HpackEncoder encoder = new HpackEncoder();
      HpackDecoder decoder = new HpackDecoder(Long.MAX_VALUE);
      int n = 0;
      for (Case c : story.cases()) {
        // Every third block the decoder's side lowers its setting, then raises it again.
        if (n % 3 == 1) {
          decoder.maxHeaderTableSize(lowered);
          encoder.maxHeaderTableSize(lowered);
        } else if (n % 3 == 2) {
          decoder.maxHeaderTableSize(4096);
          encoder.maxHeaderTableSize(4096);
        }
        n++;
        ByteBuf block = Unpooled.buffer();
        try {
          encoder.beginBlock(block);
          for (Field f : c.headers()) {
            encoder.encodeHeader(block, f.name(), f.value(), false);
          }
          List<Field> decoded = new ArrayList<>();
          decoder.decode(block, (name, v) -> decoded.add(field(name, v)));
          assertThat(decoded).containsExactlyElementsOf(c.headers());
        } finally {
          block.release();
        }
      }
    }
  }

  static List<Field> decode(HpackDecoder decoder, byte[] wire) throws HpackException {
    List<Field> out = new ArrayList<>();
    ByteBuf block = Unpooled.wrappedBuffer(wire);
    try {
      decoder.decode(block, (n, v) -> out.add(field(n, v)));
    } finally {
      block.release();
    }
    return out;
  }

  private static Field field(CharSequence n, CharSequence v) {
    return new Field(n.toString(), v.toString());
  }
}
