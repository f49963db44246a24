package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueryStringTest {

  @Test
  void splitsPathAndParameters() {
    QueryStringDecoder d = new QueryStringDecoder("/hello?recipient=world&x=1&x=2&flag#frag");
    assertThat(d.path()).isEqualTo("/hello");
    assertThat(d.rawPath()).isEqualTo("/hello");
    assertThat(d.rawQuery()).isEqualTo("recipient=world&x=1&x=2&flag");
    assertThat(d.parameters()).containsOnlyKeys("recipient", "x", "flag");
    assertThat(d.parameters().get("x")).containsExactly("1", "2");
    assertThat(d.parameters().get("flag")).containsExactly("");
  }

  @Test
  void decodesEscapesAndPlusOnlyInTheQuery() {
    QueryStringDecoder d =
        new QueryStringDecoder("/a%20b+c/%C3%A9?n%C3%A4me=v+a%20l%26ue&e=%E2%82%AC");
    assertThat(d.path()).isEqualTo("/a b+c/\u00e9");
    assertThat(d.parameters().get("n\u00e4me")).containsExactly("v a l&ue");
    assertThat(d.parameters().get("e")).containsExactly("\u20ac");
  }

  @Test
  void keepsUnescapedUnicodeAndMixesItWithEscapes() {
    assertThat(QueryStringDecoder.decodeComponent("\u00e9%C3%A9x+")).isEqualTo("\u00e9\u00e9x ");
    assertThat(QueryStringDecoder.decodeComponent("plain")).isEqualTo("plain");
    assertThat(QueryStringDecoder.decodeComponent("%e9", StandardCharsets.ISO_8859_1))
        .isEqualTo("\u00e9");
  }

  @Test
  void rejectsMalformedEscapesNamingTheIndex() {
    assertThatThrownBy(() -> QueryStringDecoder.decodeComponent("ab%zz"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("index 2")
        .hasMessageContaining("%zz");
    assertThatThrownBy(() -> QueryStringDecoder.decodeComponent("ab%4"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("%4");
    assertThatThrownBy(() -> QueryStringDecoder.decodeComponent("%"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new QueryStringDecoder("/?a=%G0").parameters())
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void semicolonsSeparateUnlessTurnedOff() {
    assertThat(new QueryStringDecoder("/?a=1;b=2").parameters()).containsOnlyKeys("a", "b");
    QueryStringDecoder d =
        QueryStringDecoder.builder().semicolonIsNormalChar(true).build("/?a=1;b=2");
    assertThat(d.parameters().get("a")).containsExactly("1;b=2");
  }

  @Test
  void skipsEmptyNamesAndEmptyParameters() {
    QueryStringDecoder d = new QueryStringDecoder("/p?&&=v&a==b&");
    assertThat(d.parameters()).containsOnlyKeys("a");
    assertThat(d.parameters().get("a")).containsExactly("=b");
  }

  @Test
  void decodesABareQuery() {
    QueryStringDecoder d = QueryStringDecoder.builder().hasPath(false).build("a=1&b=%32");
    assertThat(d.path()).isEmpty();
    assertThat(d.parameters().get("b")).containsExactly("2");
    QueryStringDecoder q = QueryStringDecoder.builder().hasPath(false).build("?a=1");
    assertThat(q.parameters().get("a")).containsExactly("1");
  }

  @Test
  void withoutQueryHasNoParameters() {
    QueryStringDecoder d = new QueryStringDecoder("/only/path#x");
    assertThat(d.path()).isEqualTo("/only/path");
    assertThat(d.rawQuery()).isEmpty();
    assertThat(d.parameters()).isEmpty();
  }

  @Test
  void limitsTheNumberOfParameters() {
    StringBuilder sb = new StringBuilder("/?");
    for (int i = 0; i < 11; i++) {
      sb.append("p").append(i).append("=1&");
    }
    QueryStringDecoder d = QueryStringDecoder.builder().maxParams(10).build(sb.toString());
    assertThatThrownBy(d::parameters)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("more than 10 parameters");
    QueryStringDecoder ok = QueryStringDecoder.builder().maxParams(11).build(sb.toString());
    assertThat(ok.parameters()).hasSize(11);
  }

  @Test
  void decodesAUriObject() {
    QueryStringDecoder d = new QueryStringDecoder(URI.create("http://h/a%2Fb?x=%41"));
    assertThat(d.path()).isEqualTo("/a/b");
    assertThat(d.parameters().get("x")).containsExactly("A");
  }

  @Test
  void parametersAreUnmodifiable() {
    List<String> x = new QueryStringDecoder("/?x=1").parameters().get("x");
    assertThatThrownBy(() -> x.add("2")).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void encoderEscapesOnlyWhatNeedsIt() {
    QueryStringEncoder e = new QueryStringEncoder("/hello");
    e.addParam("recipient", "world & friends");
    e.addParam("plain-_.*~", "AZaz09");
    e.addParam("flag", null);
    assertThat(e.toString())
        .isEqualTo("/hello?recipient=world%20%26%20friends&plain-_.*~=AZaz09&flag");
  }

  @Test
  void encoderWritesUtf8IncludingSurrogatePairs() {
    QueryStringEncoder e = new QueryStringEncoder("/");
    e.addParam("k", "\u00e9\u20ac\uD83D\uDE00x\uD800");
    assertThat(e.toString()).isEqualTo("/?k=%C3%A9%E2%82%AC%F0%9F%98%80x%3F");
  }

  @Test
  void encoderUsesTheGivenCharset() throws Exception {
    QueryStringEncoder e = new QueryStringEncoder("/p?a=1", StandardCharsets.ISO_8859_1);
    e.addParam("k", "\u00e9 ");
    assertThat(e.toString()).isEqualTo("/p?a=1&k=%E9%20");
    assertThat(e.toUri()).isEqualTo(URI.create("/p?a=1&k=%E9%20"));
  }

  @Test
  void encodingThenDecodingRoundTrips() {
    String[] values = {"", "simple", "a b+c&d=e;f", "\u00e9\u4e2d\uD83D\uDE00", "%41", "~*"};
    QueryStringEncoder e = new QueryStringEncoder("/r");
    for (int i = 0; i < values.length; i++) {
      e.addParam("k" + i, values[i]);
    }
    QueryStringDecoder d = new QueryStringDecoder(e.toString());
    for (int i = 0; i < values.length; i++) {
      if (values[i].isEmpty()) {
        assertThat(d.parameters().get("k" + i)).containsExactly("");
      } else {
        assertThat(d.parameters().get("k" + i)).containsExactly(values[i]);
      }
    }
  }

  @Test
  void repeatedNamesKeepTheirOrderAndStayUnmodifiable() {
    QueryStringDecoder d = new QueryStringDecoder("/?x=1&y=2&x=3&x=4&y=5");
    assertThat(d.parameters()).containsOnlyKeys("x", "y");
    assertThat(d.parameters().keySet()).containsExactly("x", "y");
    List<String> x = d.parameters().get("x");
    assertThat(x).containsExactly("1", "3", "4");
    assertThat(d.parameters().get("y")).containsExactly("2", "5");
    assertThatThrownBy(() -> x.add("5")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> d.parameters().put("z", List.of()))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(d.parameters().get("y").contains(null)).isFalse();
  }

  @Test
  void decodesEscapesMixedWithUnescapedUnicodeInParameters() {
    QueryStringDecoder d = new QueryStringDecoder("/?n=%C3%A9\u00e9+x&\u4e2d%E4%B8%AD=1");
    assertThat(d.parameters().get("n")).containsExactly("\u00e9\u00e9 x");
    assertThat(d.parameters().get("\u4e2d\u4e2d")).containsExactly("1");
  }

  @Test
  void decodesCharsetsWhereAsciiIsNotOneByte() {
    QueryStringDecoder d =
        QueryStringDecoder.builder().charset(StandardCharsets.UTF_16BE).build("/?k=a%00%41+b");
    assertThat(d.parameters().get("k")).containsExactly("aA b");
  }

  @Test
  void namesTheIndexOfAMalformedEscapeInTheWholeUri() {
    assertThatThrownBy(() -> new QueryStringDecoder("/p?ab=c%zz").parameters())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("index 7")
        .hasMessageContaining("%zz");
    assertThatThrownBy(() -> new QueryStringDecoder("/p?a%4=1").parameters())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("index 4");
  }

  @Test
  void countsRepeatedNamesTowardsTheLimit() {
    QueryStringDecoder d = QueryStringDecoder.builder().maxParams(3).build("/?a=1&a=2&a=3&a=4");
    assertThatThrownBy(d::parameters)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("more than 3 parameters");
  }

  @Test
  void encoderKeepsAPathWithAnyCharacters() {
    QueryStringEncoder wide = new QueryStringEncoder("/\u4e2d");
    assertThat(wide.toString()).isEqualTo("/\u4e2d");
    wide.addParam("a", "\u00e9");
    assertThat(wide.toString()).isEqualTo("/\u4e2d?a=%C3%A9");
    QueryStringEncoder latin1 = new QueryStringEncoder("/\u00e9");
    latin1.addParam("a", "b");
    assertThat(latin1.toString()).isEqualTo("/\u00e9?a=b");
  }

  @Test
  void encoderGrowsForEscapesBeforeLongPlainRuns() {
    String plain = "a".repeat(1000);
    QueryStringEncoder e = new QueryStringEncoder("");
    e.addParam("\u307b" + plain, " " + plain);
    e.addParam("\uD83D\uDE00".repeat(300), "");
    assertThat(e.toString())
        .isEqualTo("?%E3%81%BB" + plain + "=%20" + plain + "&" + "%F0%9F%98%80".repeat(300) + "=");
  }
}
