package io.tern.codec.http.cookie;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ServerCookieDecoderTest {

  @Test
  void decodesPairsAndUnwrapsQuotes() {
    List<Cookie> cookies = ServerCookieDecoder.STRICT.decodeAll("a=1; b=\"two\";c=;  d = 4 ");
    assertThat(cookies).extracting(Cookie::name).containsExactly("a", "b", "c", "d");
    assertThat(cookies).extracting(Cookie::value).containsExactly("1", "two", "", "4");
    assertThat(cookies.get(1).wrap()).isTrue();
    assertThat(cookies.get(0).wrap()).isFalse();
  }

  @Test
  void decodeKeepsTheFirstOfEachName() {
    Set<Cookie> cookies = ServerCookieDecoder.STRICT.decode("id=specific; other=x; id=general");
    assertThat(cookies).extracting(Cookie::value).containsExactly("specific", "x");
  }

  @Test
  void strictSkipsInvalidPairsLaxKeepsThem() {
    String header = "ok=1; bad name=2; v=has space; w=\"q\"x; noeq; =novalue";
    assertThat(ServerCookieDecoder.STRICT.decodeAll(header))
        .extracting(Cookie::name)
        .containsExactly("ok");
    List<Cookie> lax = ServerCookieDecoder.LAX.decodeAll(header);
    assertThat(lax).extracting(Cookie::name).containsExactly("ok", "bad name", "v", "w", "");
    assertThat(lax.get(2).value()).isEqualTo("has space");
    assertThat(lax.get(4).value()).isEqualTo("noeq");
  }

  @Test
  void skipsOversizedPairs() {
    String big = "x".repeat(5000);
    assertThat(ServerCookieDecoder.LAX.decodeAll("a=" + big + "; b=1"))
        .extracting(Cookie::name)
        .containsExactly("b");
  }

  @Test
  void limitsTheNumberOfCookies() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 6; i++) {
      sb.append("c").append(i).append("=v; ");
    }
    ServerCookieDecoder five = ServerCookieDecoder.STRICT.withMaxCookies(5);
    assertThat(five.maxCookies()).isEqualTo(5);
    assertThatThrownBy(() -> five.decodeAll(sb.toString()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("more than 5 cookies");
    assertThat(ServerCookieDecoder.STRICT.decodeAll(sb.toString())).hasSize(6);
    assertThatThrownBy(() -> ServerCookieDecoder.STRICT.withMaxCookies(0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void emptyHeaderHasNoCookies() {
    assertThat(ServerCookieDecoder.STRICT.decode("")).isEmpty();
    assertThat(ServerCookieDecoder.STRICT.decode(" ; ;")).isEmpty();
  }
}
