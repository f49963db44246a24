package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.common.AsciiString;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpHeadersTest {

  @Test
  void looksUpNamesIgnoringCaseAcrossStringAndAsciiString() {
    HttpHeaders h = new HttpHeaders();
    h.add("Content-Type", "text/plain");
    assertThat(h.get(HttpHeaderNames.CONTENT_TYPE)).isEqualTo("text/plain");
    assertThat(h.get("CONTENT-TYPE")).isEqualTo("text/plain");
    assertThat(h.contains(new AsciiString("content-type"))).isTrue();
    assertThat(h.get("content-length")).isNull();
    assertThat(h.get("content-length", "x")).isEqualTo("x");
  }

  @Test
  void keepsInsertionOrderAndAllValues() {
    HttpHeaders h = new HttpHeaders();
    h.add("a", "1").add("b", "2").add("A", "3");
    assertThat(h.getAll("a")).containsExactly("1", "3");
    assertThat(h.get("a")).isEqualTo("1");
    assertThat(h.names()).containsExactly("a", "b");
    List<String> seen = new ArrayList<>();
    h.forEach((n, v) -> seen.add(n + "=" + v));
    assertThat(seen).containsExactly("a=1", "b=2", "A=3");
    assertThat(h.size()).isEqualTo(3);
  }

  @Test
  void setReplacesEveryValueInPlace() {
    HttpHeaders h = new HttpHeaders();
    h.add("x", "1").add("y", "2").add("X", "3");
    h.set("x", "9");
    assertThat(h.entries())
        .extracting(Map.Entry::getKey, Map.Entry::getValue)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("x", "9"),
            org.assertj.core.groups.Tuple.tuple("y", "2"));
  }

  @Test
  void removeDropsEveryValueAndKeepsTheOrderOfTheRest() {
    HttpHeaders h = new HttpHeaders();
    h.add("a", "1").add("b", "2").add("a", "3").add("c", "4");
    assertThat(h.remove("A")).isTrue();
    assertThat(h.remove("missing")).isFalse();
    assertThat(h.entries()).extracting(Map.Entry::getKey).containsExactly("b", "c");
  }

  @Test
  void manyHeadersUseTheHashIndexAndStayCorrectThroughRemoval() {
    HttpHeaders h = new HttpHeaders();
    for (int i = 0; i < 100; i++) {
      h.add("name-" + (i % 40), Integer.toString(i));
    }
    assertThat(h.getAll("NAME-3")).containsExactly("3", "43", "83");
    assertThat(h.remove("name-3")).isTrue();
    assertThat(h.contains("name-3")).isFalse();
    assertThat(h.getAll("name-4")).containsExactly("4", "44", "84");
    h.add("name-3", "again");
    assertThat(h.getAll("name-3")).containsExactly("again");
    assertThat(h.size()).isEqualTo(98);
  }

  @Test
  void collidingHashesAreToldApartByContent() {
    // "a~" and "b_" have the same case-insensitive polynomial hash.
    HttpHeaders h = new HttpHeaders();
    for (int i = 0; i < 20; i++) {
      h.add("x" + i, "v");
    }
    h.add("a~", "1").add("b_", "2");
    assertThat(AsciiString.hashCode("a~")).isEqualTo(AsciiString.hashCode("b_"));
    assertThat(h.get("A~")).isEqualTo("1");
    assertThat(h.get("B_")).isEqualTo("2");
  }

  @Test
  void rejectsNamesThatAreNotTokens() {
    HttpHeaders h = new HttpHeaders();
    assertThatThrownBy(() -> h.add("bad name", "v"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("0x20")
        .hasMessageContaining("index 3");
    assertThatThrownBy(() -> h.add("", "v")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> h.add("a:b", "v")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void rejectsValuesThatCouldSplitAResponse() {
    HttpHeaders h = new HttpHeaders();
    assertThatThrownBy(() -> h.add("x", "a\r\nSet-Cookie: evil"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> h.add("x", "a\nb")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> h.add("x", "a\u0000b")).isInstanceOf(IllegalArgumentException.class);
    // U+010A would be truncated to LF by a one-byte-per-char encoder.
    assertThatThrownBy(() -> h.set("x", "a\u010Ab")).isInstanceOf(IllegalArgumentException.class);
    h.add("x", "tab\tand obs-text \u00e9 ok");
    assertThat(h.get("x")).contains("\u00e9");
  }

  @Test
  void validationCanBeTurnedOffForTrustedInput() {
    HttpHeaders h = HttpHeaders.create(HttpHeaders.Validation.NONE);
    h.add("bad name", "a\nb");
    assertThat(h.get("bad name")).isEqualTo("a\nb");
    HttpHeaders namesOnly = HttpHeaders.create(HttpHeaders.Validation.NAMES);
    namesOnly.add("ok", "a\nb");
    assertThatThrownBy(() -> namesOnly.add("no good", "x"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void trailersRefuseFramingHeaders() {
    HttpHeaders t = HttpHeaders.newTrailers();
    t.add("x-checksum", "abc");
    assertThatThrownBy(() -> t.add("Content-Length", "1"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> t.add("transfer-encoding", "chunked"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> t.set(HttpHeaderNames.TRAILER, "x"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void emptyIsReadOnlyButItsCopyIsWritable() {
    assertThatThrownBy(() -> HttpHeaders.EMPTY.add("a", "b"))
        .isInstanceOf(UnsupportedOperationException.class);
    HttpHeaders copy = HttpHeaders.EMPTY.copy();
    copy.add("a", "b");
    assertThat(copy.get("a")).isEqualTo("b");
    assertThat(HttpHeaders.EMPTY.isEmpty()).isTrue();
  }

  @Test
  void containsValueMatchesCommaSeparatedElements() {
    HttpHeaders h = new HttpHeaders();
    h.add(HttpHeaderNames.CONNECTION, "keep-alive,  Upgrade ");
    assertThat(h.containsValue(HttpHeaderNames.CONNECTION, "upgrade", true)).isTrue();
    assertThat(h.containsValue(HttpHeaderNames.CONNECTION, "upgrade", false)).isFalse();
    assertThat(h.containsValue(HttpHeaderNames.CONNECTION, "keep", true)).isFalse();
    assertThat(h.contains(HttpHeaderNames.CONNECTION, "keep-alive", true)).isFalse();
    assertThat(h.contains(HttpHeaderNames.CONNECTION, "KEEP-ALIVE,  upgrade ", true)).isTrue();
  }

  @Test
  void numericAndDateAccessors() {
    HttpHeaders h = new HttpHeaders();
    h.setInt("a", 42).setLong("b", 1L << 40).add("c", "nope");
    h.setTimeMillis(HttpHeaderNames.DATE, 784111777000L);
    assertThat(h.getInt("a")).isEqualTo(42);
    assertThat(h.getLong("b")).isEqualTo(1L << 40);
    assertThat(h.getInt("c")).isNull();
    assertThat(h.getInt("c", 7)).isEqualTo(7);
    assertThat(h.getLong("missing", -1)).isEqualTo(-1);
    assertThat(h.get(HttpHeaderNames.DATE)).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
    assertThat(h.getTimeMillis(HttpHeaderNames.DATE)).isEqualTo(784111777000L);
    assertThat(h.getTimeMillis("c")).isNull();
  }

  @Test
  void numbersAreStoredAsDigitsTheEncoderCopiesAsBytes() {
    HttpHeaders h = new HttpHeaders();
    h.setInt(HttpHeaderNames.CONTENT_LENGTH, 13)
        .addLong("x-big", Long.MAX_VALUE)
        .addInt("x-neg", -5);
    assertThat(h.getAsCharSequence(HttpHeaderNames.CONTENT_LENGTH))
        .isInstanceOf(AsciiString.class)
        .hasToString("13");
    assertThat(h.get("x-big")).isEqualTo(Long.toString(Long.MAX_VALUE));
    assertThat(h.get("x-neg")).isEqualTo("-5");
    h.setLong(HttpHeaderNames.CONTENT_LENGTH, 1024);
    assertThat(h.getAll(HttpHeaderNames.CONTENT_LENGTH)).containsExactly("1024");
    // A number does not make an invalid name acceptable.
    assertThatThrownBy(() -> h.setInt("bad name", 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HttpHeaders.newTrailers().setInt(HttpHeaderNames.CONTENT_LENGTH, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void asciiStringValuesAndNamesAreCheckedLikeStrings() {
    HttpHeaders h = new HttpHeaders();
    assertThatThrownBy(
            () -> h.set(HttpHeaderNames.LOCATION, new AsciiString("/a\r\nSet-Cookie: x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("index 2");
    assertThatThrownBy(() -> h.add("x", new AsciiString(new byte[] {'a', 0x7F})))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> h.add(new AsciiString("no good"), "v"))
        .isInstanceOf(IllegalArgumentException.class);
    // An equal string that is not the constant itself is still walked.
    assertThatThrownBy(() -> h.add(new AsciiString("content-type "), "v"))
        .isInstanceOf(IllegalArgumentException.class);
    h.set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
    h.add("x-obs", new AsciiString(new byte[] {'a', '\t', (byte) 0xE9}));
    assertThat(h.size()).isEqualTo(2);
  }

  @Test
  void copyIsIndependentAndEqual() {
    HttpHeaders h = new HttpHeaders();
    h.add("a", "1").add("b", "2");
    HttpHeaders c = h.copy();
    assertThat(c).isEqualTo(h).hasSameHashCodeAs(h);
    c.add("a", "3");
    assertThat(h.getAll("a")).containsExactly("1");
    assertThat(c).isNotEqualTo(h);
  }

  @Test
  void equalityIgnoresNameCaseAndInterleavingButNotValueOrder() {
    HttpHeaders a = new HttpHeaders().add("x", "1").add("y", "2").add("x", "3");
    HttpHeaders b = new HttpHeaders().add("Y", "2").add("X", "1").add("x", "3");
    HttpHeaders c = new HttpHeaders().add("x", "3").add("y", "2").add("x", "1");
    assertThat(a).isEqualTo(b);
    assertThat(a).isNotEqualTo(c);
  }

  @Test
  void setAllReplacesOnlyTheNamesItCarries() {
    HttpHeaders h = new HttpHeaders().add("a", "1").add("b", "2");
    HttpHeaders other = new HttpHeaders().add("a", "x").add("a", "y").add("c", "z");
    h.setAll(other);
    assertThat(h.getAll("a")).containsExactly("x", "y");
    assertThat(h.get("b")).isEqualTo("2");
    assertThat(h.get("c")).isEqualTo("z");
    h.set(other);
    assertThat(h.contains("b")).isFalse();
  }

  @Test
  void addingInvalidEntriesFromNonValidatingHeadersIsChecked() {
    HttpHeaders loose = HttpHeaders.create(HttpHeaders.Validation.NONE).add("bad name", "v");
    assertThatThrownBy(() -> new HttpHeaders().add(loose))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void iteratorReturnsEntriesAsStored() {
    HttpHeaders h = new HttpHeaders().add(HttpHeaderNames.HOST, "example.com");
    var it = h.iterator();
    assertThat(it.hasNext()).isTrue();
    Map.Entry<CharSequence, CharSequence> e = it.next();
    assertThat(e.getKey()).isSameAs(HttpHeaderNames.HOST);
    assertThat(it.hasNext()).isFalse();
    assertThatThrownBy(it::next).isInstanceOf(java.util.NoSuchElementException.class);
  }

  @Test
  void headersNobodyWroteToAreIndependentOnceWritten() {
    HttpHeaders a = HttpHeaders.newTrailers();
    HttpHeaders b = HttpHeaders.create(HttpHeaders.Validation.NONE);
    // Reading, clearing and removing from empty headers leave them empty and shared-free.
    assertThat(a.get("x-a")).isNull();
    assertThat(a.remove("x-a")).isFalse();
    a.clear();
    HttpHeaders copy = b.copy();
    a.add("x-a", "1");
    b.set("x-b", "2");
    copy.add("x-c", "3");
    assertThat(a.entries()).containsExactly(Map.entry("x-a", "1"));
    assertThat(b.entries()).containsExactly(Map.entry("x-b", "2"));
    assertThat(copy.entries()).containsExactly(Map.entry("x-c", "3"));
    assertThat(new HttpHeaders().isEmpty()).isTrue();
    assertThat(HttpHeaders.EMPTY.isEmpty()).isTrue();
  }

  @Test
  void lookupsStayCorrectForNamesSharingAPresenceBitThroughRemoval() {
    // Host and Upgrade, Server and Transfer-Encoding: some of the pairs below share the bit of the
    // storage's presence mask whatever the fold; every name must still be found until removed.
    String[] names = {
      "host", "upgrade", "server", "transfer-encoding", "content-length", "date", "connection"
    };
    HttpHeaders h = HttpHeaders.create(HttpHeaders.Validation.NONE);
    for (String n : names) {
      h.add(n, n + "-value");
    }
    for (int removed = 0; removed < names.length; removed++) {
      assertThat(h.remove(names[removed].toUpperCase(java.util.Locale.ROOT))).isTrue();
      for (int i = 0; i < names.length; i++) {
        assertThat(h.get(names[i])).isEqualTo(i <= removed ? null : names[i] + "-value");
      }
      h.add("x-after-" + removed, "v");
      assertThat(h.contains("x-after-" + removed)).isTrue();
    }
    h.clear();
    assertThat(h.contains("x-after-0")).isFalse();
    h.add("host", "again");
    assertThat(h.get("Host")).isEqualTo("again");
  }
}
