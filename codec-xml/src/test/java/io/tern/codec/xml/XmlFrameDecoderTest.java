package io.tern.codec.xml;

import static io.tern.codec.xml.XmlTesting.feed;
import static io.tern.codec.xml.XmlTesting.feedWhole;
import static io.tern.codec.xml.XmlTesting.ones;
import static io.tern.codec.xml.XmlTesting.randomPieces;
import static io.tern.codec.xml.XmlTesting.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.transport.channel.ChannelHandler;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class XmlFrameDecoderTest {
  private static final String FIRST =
      "<?xml version=\"1.0\"?>\n<!-- <not a tag> -->\n<a x=\"1>2\" y='/>'><b/><![CDATA[</a>]]><?pi </a>?></a>";
  private static final String SECOND = "<x/>";
  private static final String THIRD = "<root>\n  <c>text &amp; more</c><!-- --><c k='v'/>\n</root>";
  private static final String STREAM = "  " + FIRST + "\n\n" + SECOND + "\r\n\t" + THIRD + "\n";

  private static List<String> frames(byte[] input, int[] pieces, boolean direct) {
    return feed(new ChannelHandler[] {new XmlFrameDecoder(4096)}, input, pieces, direct);
  }

  @Test
  void splitsAStreamOfDocumentsWhateverTheSplits() {
    byte[] input = utf8(STREAM);
    List<String> expected = List.of("frame:" + FIRST, "frame:" + SECOND, "frame:" + THIRD);
    assertThat(frames(input, new int[] {input.length}, false)).isEqualTo(expected);
    assertThat(frames(input, ones(input.length), true)).isEqualTo(expected);
    Random random = new Random(5);
    for (int i = 0; i < 20; i++) {
      assertThat(frames(input, randomPieces(random, input.length), i % 2 == 0)).isEqualTo(expected);
    }
  }

  @Test
  void eachFrameParsesIntoAWholeDocument() {
    List<String> events =
        feedWhole(utf8(STREAM), new XmlFrameDecoder(4096), new XmlDocumentDecoder());
    assertThat(events).filteredOn(e -> e.equals(new XmlDocumentEnd().toString())).hasSize(3);
    assertThat(events).noneMatch(e -> e.startsWith("!"));
    assertThat(events)
        .contains(new XmlCdata("</a>").toString(), new XmlCharacters("text & more").toString());
  }

  @Test
  void refusesADoctype() {
    String doc = "<!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>";
    assertThat(feedWhole(utf8(doc), new XmlFrameDecoder(4096)))
        .containsExactly("!CorruptedFrameException");
    assertThat(
            feed(
                new ChannelHandler[] {new XmlFrameDecoder(4096)},
                utf8(doc),
                ones(doc.length()),
                false))
        .containsExactly("!CorruptedFrameException");
  }

  @Test
  void refusesTextOutsideTheRootAndAStrayEndTag() {
    assertThat(feedWhole(utf8("<a/>junk<b/>"), new XmlFrameDecoder(4096)))
        .containsExactly("frame:<a/>", "!CorruptedFrameException");
    assertThat(feedWhole(utf8("</a>"), new XmlFrameDecoder(4096)))
        .containsExactly("!CorruptedFrameException");
  }

  @Test
  void refusesADocumentOverTheLimitAndDropsTheRest() {
    String big = "<a>" + "x".repeat(200) + "</a>";
    assertThat(feedWhole(utf8(big + SECOND), new XmlFrameDecoder(100)))
        .containsExactly("!TooLongFrameException");
    byte[] input = utf8(big + SECOND);
    assertThat(frames(input, ones(input.length), false))
        .as("within a larger limit")
        .containsExactly("frame:" + big, "frame:" + SECOND);
    assertThat(
            feed(new ChannelHandler[] {new XmlFrameDecoder(100)}, input, ones(input.length), false))
        .containsExactly("!TooLongFrameException");
  }

  @Test
  void reportsInputThatEndsInsideADocument() {
    assertThat(feedWhole(utf8(SECOND + "<a><b></b>"), new XmlFrameDecoder(4096)))
        .containsExactly("frame:" + SECOND, "!CorruptedFrameException");
    assertThat(feedWhole(utf8(SECOND + " \n"), new XmlFrameDecoder(4096)))
        .containsExactly("frame:" + SECOND);
  }
}
