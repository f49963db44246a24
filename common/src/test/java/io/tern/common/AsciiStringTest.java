package io.tern.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatObject;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AsciiStringTest {

  /** A CharSequence that is neither a String nor an AsciiString. */
  private static CharSequence seq(String s) {
    return java.nio.CharBuffer.wrap(s);
  }

  private static AsciiString view(String s, int pad) {
    byte[] bytes = ("#".repeat(pad) + s + "#".repeat(pad)).getBytes(StandardCharsets.ISO_8859_1);
    return new AsciiString(bytes, pad, s.length(), false);
  }

  @Test
  void viewSharesTheArrayWithoutCopying() {
    byte[] bytes = "xxHostyy".getBytes(StandardCharsets.US_ASCII);
    AsciiString host = new AsciiString(bytes, 2, 4, false);

    assertThat(host.array()).isSameAs(bytes);
    assertThat(host.arrayOffset()).isEqualTo(2);
    assertThat(host.isEntireArrayUsed()).isFalse();
    assertThat(host.toString()).isEqualTo("Host");
    assertThat(host.toByteArray()).isEqualTo("Host".getBytes(StandardCharsets.US_ASCII));
  }

  @Test
  void copyingConstructorDetachesFromTheArray() {
    byte[] bytes = "Host".getBytes(StandardCharsets.US_ASCII);
    AsciiString host = new AsciiString(bytes);
    bytes[0] = 'G';

    assertThat(host.toString()).isEqualTo("Host");
  }

  @Test
  void subSequenceSharesTheArray() {
    AsciiString s = view("content-type", 3);
    AsciiString type = s.subSequence(8, 12);

    assertThat(type.array()).isSameAs(s.array());
    assertThat(type.arrayOffset()).isEqualTo(11);
    assertThat(type.toString()).isEqualTo("type");
    assertThatObject(s.subSequence(0, s.length())).isSameAs(s);
    assertThatObject(s.subSequence(4, 4)).isSameAs(AsciiString.EMPTY_STRING);
    assertThatThrownBy(() -> s.subSequence(5, 13)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void charactersAboveLatin1BecomeQuestionMarks() {
    AsciiString s = AsciiString.of("a\u20acb\u00e9");
    assertThat(s.toString()).isEqualTo("a?b\u00e9");
    assertThat(s.charAt(3)).isEqualTo('\u00e9');
    assertThatObject(AsciiString.of(seq("x\u4e00"))).hasToString("x?");
  }

  @Test
  void ofReturnsTheSameInstance() {
    AsciiString s = AsciiString.of("a");
    assertThatObject(AsciiString.of(s)).isSameAs(s);
    assertThatObject(AsciiString.of(null)).isNull();
  }

  @Test
  void hashCodeIgnoresCaseAndAgreesWithStrings() {
    AsciiString a = view("Content-Length", 2);
    assertThat(a.hashCode()).isEqualTo(AsciiString.of("content-length").hashCode());
    assertThat(a.hashCode()).isEqualTo(AsciiString.hashCode("CONTENT-LENGTH"));
    assertThat(AsciiString.hashCode("Content-Length")).isEqualTo(AsciiString.hashCode(a));
    assertThat(AsciiString.hashCodeIgnoreCase(seq("content-LENGTH"))).isEqualTo(a.hashCode());
    assertThat(a.hashCode()).isNotEqualTo(AsciiString.hashCode("Content-Type"));
  }

  @Test
  void equalsIsCaseSensitiveAndOnlyForAsciiStrings() {
    AsciiString a = view("Host", 1);
    assertThatObject(a).isEqualTo(AsciiString.of("Host"));
    assertThatObject(a).isNotEqualTo(AsciiString.of("host"));
    assertThat(a.equals((Object) "Host")).isFalse();
    assertThat(a.contentEquals("Host")).isTrue();
    assertThat(a.contentEquals("host")).isFalse();
    assertThat(a.contentEqualsIgnoreCase("hOST")).isTrue();
    assertThat(AsciiString.contentEquals("Host", seq("Host"))).isTrue();
    assertThat(AsciiString.contentEqualsIgnoreCase("Host", seq("HOST"))).isTrue();
    assertThat(AsciiString.contentEqualsIgnoreCase("Host", "Hosts")).isFalse();
    assertThat(AsciiString.contentEqualsIgnoreCase("[", "{")).isFalse();
  }

  @Test
  void indexOfFindsCharactersAndSubstrings() {
    AsciiString s = view("gzip, deflate, br", 2);
    assertThat(s.indexOf(',', 0)).isEqualTo(4);
    assertThat(s.indexOf(',', 5)).isEqualTo(13);
    assertThat(s.indexOf('#', 0)).isEqualTo(-1);
    assertThat(s.indexOf("deflate")).isEqualTo(6);
    assertThat(s.indexOf("br", 15)).isEqualTo(15);
    assertThat(s.indexOf("br#")).isEqualTo(-1);
    assertThat(s.indexOf("")).isZero();
    assertThat(s.lastIndexOf(", ")).isEqualTo(13);
    assertThat(s.contains("flat")).isTrue();
  }

  @Test
  void indexOfMatchesStringOnRandomInput() {
    Random random = new Random(42);
    for (int round = 0; round < 2000; round++) {
      String hay = randomAb(random, random.nextInt(30));
      String needle = randomAb(random, random.nextInt(4));
      int from = random.nextInt(5);
      assertThat(view(hay, 3).indexOf(needle, from))
          .as("%s in %s from %d", needle, hay, from)
          .isEqualTo(hay.indexOf(needle, from));
    }
  }

  private static String randomAb(Random random, int length) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < length; i++) {
      sb.append((char) ('a' + random.nextInt(2)));
    }
    return sb.toString();
  }

  @Test
  void startsAndEndsWith() {
    AsciiString s = view("multipart/form-data", 1);
    assertThat(s.startsWith("multipart/")).isTrue();
    assertThat(s.startsWith("Multipart/")).isFalse();
    assertThat(s.endsWith("-data")).isTrue();
    assertThat(s.endsWith("multipart/form-data!")).isFalse();
  }

  @Test
  void caseConversionReturnsThisWhenUnchanged() {
    AsciiString lower = view("keep-alive", 2);
    assertThatObject(lower.toLowerCase()).isSameAs(lower);
    assertThatObject(lower.toUpperCase()).hasToString("KEEP-ALIVE");
    assertThatObject(AsciiString.of("Keep-Alive").toLowerCase()).hasToString("keep-alive");
    assertThatObject(AsciiString.of("\u00e9A").toLowerCase()).hasToString("\u00e9a");
  }

  @Test
  void parsesNumbers() {
    assertThat(view("1234", 2).parseInt()).isEqualTo(1234);
    assertThat(AsciiString.of("-17").parseInt()).isEqualTo(-17);
    assertThat(AsciiString.of("ff").parseInt(0, 2, 16)).isEqualTo(255);
    assertThat(AsciiString.of("9999999999").parseLong()).isEqualTo(9_999_999_999L);
    assertThatThrownBy(() -> AsciiString.of("9999999999").parseInt())
        .isInstanceOf(NumberFormatException.class);
    assertThatThrownBy(() -> AsciiString.of("12a").parseInt())
        .isInstanceOf(NumberFormatException.class);
    assertThatThrownBy(() -> AsciiString.EMPTY_STRING.parseInt())
        .isInstanceOf(NumberFormatException.class);
  }

  @Test
  void splitDropsTrailingEmptyPartsLikeString() {
    for (String s : new String[] {"a,b,,c,,", "", ",", "abc", ",a", "a,,b"}) {
      AsciiString[] parts = view(s, 1).split(',');
      String[] expected = s.split(",");
      assertThat(parts).as(s).hasSameSizeAs(expected);
      for (int i = 0; i < expected.length; i++) {
        assertThatObject(parts[i]).as(s).hasToString(expected[i]);
      }
    }
  }

  @Test
  void trimRemovesSurroundingWhitespace() {
    assertThatObject(view("  text/html \t", 1).trim()).hasToString("text/html");
    assertThatObject(view("   ", 1).trim()).isSameAs(AsciiString.EMPTY_STRING);
  }

  @Test
  void compareToOrdersLikeString() {
    String[] words = {"a", "ab", "b", "", "\u00ff", "B", "abc"};
    for (String x : words) {
      for (String y : words) {
        assertThat(Integer.signum(view(x, 1).compareTo(AsciiString.of(y))))
            .as("%s vs %s", x, y)
            .isEqualTo(Integer.signum(x.compareTo(y)));
        assertThat(Integer.signum(view(x, 1).compareTo(y)))
            .isEqualTo(Integer.signum(x.compareTo(y)));
      }
    }
  }

  @Test
  void toStringIsCached() {
    AsciiString s = view("cached", 1);
    assertThat(s.toString()).isSameAs(s.toString());
    String constant = "Connection";
    assertThat(AsciiString.cached(constant).toString()).isSameAs(constant);
  }

  @Test
  void concatAndCopy() {
    AsciiString s = view("ab", 1).concat("cd");
    assertThatObject(s).hasToString("abcd");
    byte[] dst = new byte[3];
    s.copy(1, dst, 0, 3);
    assertThat(new String(dst, StandardCharsets.US_ASCII)).isEqualTo("bcd");
  }
}
