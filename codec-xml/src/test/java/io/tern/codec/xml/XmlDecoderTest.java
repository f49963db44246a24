package io.tern.codec.xml;

import static io.tern.codec.xml.XmlTesting.feed;
import static io.tern.codec.xml.XmlTesting.feedWhole;
import static io.tern.codec.xml.XmlTesting.ones;
import static io.tern.codec.xml.XmlTesting.randomPieces;
import static io.tern.codec.xml.XmlTesting.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.tern.buffer.Unpooled;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class XmlDecoderTest {
  private static final String DOCUMENT =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- a feed -->
      <feed xmlns="urn:tern:feed" xmlns:t="urn:tern:tags" lang='en'>
        <?render fast?>
        <entry id="1" t:kind="note">Fish &amp; chips &#x2603; caf\u00e9</entry>
        <t:raw><![CDATA[<not>a tag</not> & no entity]]></t:raw>
        <empty/>
      </feed>
      """;

  private static List<String> decode(
      Supplier<ChannelHandler> decoder, byte[] input, int[] pieces, boolean direct) {
    return feed(new ChannelHandler[] {decoder.get()}, input, pieces, direct);
  }

  @Test
  void turnsADocumentIntoEventsWhateverTheSplits() {
    byte[] input = utf8(DOCUMENT);
    List<String> whole = feedWhole(input, new XmlDecoder());
    assertThat(decode(XmlDecoder::new, input, ones(input.length), true))
        .as("one byte at a time")
        .isEqualTo(whole);
    Random random = new Random(3);
    for (int i = 0; i < 10; i++) {
      assertThat(decode(XmlDecoder::new, input, randomPieces(random, input.length), i % 2 == 0))
          .isEqualTo(whole);
    }
    assertThat(whole)
        .containsSubsequence(
            new XmlDocumentStart("1.0", "UTF-8", null).toString(),
            new XmlComment(" a feed ").toString(),
            new XmlElementStart(
                    "feed",
                    "urn:tern:feed",
                    "",
                    List.of(new XmlAttribute("lang", "", "", "en")),
                    List.of(
                        new XmlNamespace("", "urn:tern:feed"),
                        new XmlNamespace("t", "urn:tern:tags")))
                .toString(),
            new XmlProcessingInstruction("render", "fast").toString(),
            new XmlElementStart(
                    "entry",
                    "urn:tern:feed",
                    "",
                    List.of(
                        new XmlAttribute("id", "", "", "1"),
                        new XmlAttribute("kind", "urn:tern:tags", "t", "note")),
                    List.of())
                .toString(),
            new XmlCharacters("Fish & chips \u2603 caf\u00e9").toString(),
            new XmlElementEnd("entry", "urn:tern:feed", "").toString(),
            new XmlCdata("<not>a tag</not> & no entity").toString(),
            new XmlElementEnd("raw", "urn:tern:tags", "t").toString(),
            new XmlElementStart("empty", "urn:tern:feed", "", List.of(), List.of()).toString(),
            new XmlElementEnd("empty", "urn:tern:feed", "").toString(),
            new XmlElementEnd("feed", "urn:tern:feed", "").toString(),
            new XmlDocumentEnd().toString());
    assertThat(whole).noneMatch(e -> e.startsWith("!"));
  }

  @Test
  void passesAnElementOnBeforeTheDocumentIsComplete() {
    EmbeddedChannel ch = new EmbeddedChannel(new XmlDecoder());
    ch.writeInbound(Unpooled.wrappedBuffer(utf8("<stream><message to='a'>hel")));
    List<Object> events = new ArrayList<>();
    Object o;
    while ((o = ch.readInbound()) != null) {
      events.add(o);
    }
    assertThat(events)
        .contains(
            new XmlElementStart("stream", "", "", List.of(), List.of()),
            new XmlElementStart(
                "message", "", "", List.of(new XmlAttribute("to", "", "", "a")), List.of()));
    assertThat(events).noneMatch(e -> e instanceof XmlElementEnd || e instanceof XmlDocumentEnd);
    ch.writeInbound(Unpooled.wrappedBuffer(utf8("lo</message></stream>")));
    ch.finishAndReleaseAll();
  }

  @Test
  void refusesTheBillionLaughs() {
    String bomb =
        """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [
          <!ENTITY lol "lol">
          <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <lolz>&lol9;</lolz>
        """;
    List<String> events = feedWhole(utf8(bomb), new XmlDecoder());
    assertThat(events).contains("!XmlDecoderException");
    assertThat(events).noneMatch(e -> e.contains("lollol"));
  }

  @Test
  void refusesAnExternalEntity() {
    String xxe =
        """
        <?xml version="1.0"?>
        <!DOCTYPE data [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
        <data>&secret;</data>
        """;
    List<String> events = feedWhole(utf8(xxe), new XmlDecoder());
    assertThat(events).contains("!XmlDecoderException");
    assertThat(events).noneMatch(e -> e.contains("root:"));
  }

  @Test
  void refusesAnUndeclaredEntityButReplacesThePredefinedOnes() {
    assertThat(feedWhole(utf8("<a>&custom;</a>"), new XmlDecoder()))
        .contains("!XmlDecoderException");
    assertThat(feedWhole(utf8("<a>&lt;&gt;&amp;&apos;&quot;&#65;</a>"), new XmlDecoder()))
        .contains(new XmlCharacters("<>&'\"A").toString());
  }

  @Test
  void refusesNestingDeeperThanTheLimit() {
    String deep = "<a>".repeat(11) + "</a>".repeat(11);
    XmlDecoderLimits limits = new XmlDecoderLimits(10, 8, 1024);
    assertThat(feedWhole(utf8(deep), new XmlDecoder(limits)))
        .last()
        .isEqualTo("!XmlDecoderException");
    String ok = "<a>".repeat(10) + "</a>".repeat(10);
    assertThat(feedWhole(utf8(ok), new XmlDecoder(limits))).noneMatch(e -> e.startsWith("!"));
  }

  @Test
  void refusesMoreAttributesThanTheLimit() {
    XmlDecoderLimits limits = new XmlDecoderLimits(10, 3, 1024);
    assertThat(feedWhole(utf8("<a w='1' x='2' y='3' z='4'/>"), new XmlDecoder(limits)))
        .contains("!XmlDecoderException");
    assertThat(feedWhole(utf8("<a x='2' y='3' z='4'/>"), new XmlDecoder(limits)))
        .noneMatch(e -> e.startsWith("!"));
  }

  @Test
  void refusesATagOrCommentOverTheTokenLimit() {
    XmlDecoderLimits limits = new XmlDecoderLimits(10, 8, 1024);
    String longAttribute = "<a x='" + "y".repeat(3000) + "'/>";
    String longComment = "<a><!--" + "c".repeat(3000) + "--></a>";
    for (String doc : List.of(longAttribute, longComment)) {
      byte[] input = utf8(doc);
      assertThat(decode(() -> new XmlDecoder(limits), input, new int[] {input.length}, false))
          .contains("!XmlDecoderException");
      assertThat(decode(() -> new XmlDecoder(limits), input, ones(input.length), false))
          .contains("!XmlDecoderException");
    }
  }

  @Test
  void reportsMalformedAndTruncatedDocuments() {
    assertThat(feedWhole(utf8("<a></b>"), new XmlDecoder())).contains("!XmlDecoderException");
    assertThat(feedWhole(utf8("<a><b>"), new XmlDecoder()))
        .last()
        .isEqualTo("!XmlDecoderException");
    assertThat(feedWhole(utf8("<a/><b/>"), new XmlDecoder())).contains("!XmlDecoderException");
  }

  @Test
  void aChannelThatSendsNothingHasNoEvents() {
    EmbeddedChannel ch = new EmbeddedChannel(new XmlDecoder());
    assertThat(ch.finish()).isFalse();
  }
}
