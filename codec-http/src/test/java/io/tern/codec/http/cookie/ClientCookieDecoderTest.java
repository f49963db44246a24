package io.tern.codec.http.cookie;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.http.DateFormatter;
import io.tern.codec.http.cookie.CookieHeaderNames.SameSite;
import java.time.Instant;
import java.time.InstantSource;
import org.junit.jupiter.api.Test;

class ClientCookieDecoderTest {
  private static final long NOW = 1_700_000_000_000L;
  private static final ClientCookieDecoder STRICT =
      ClientCookieDecoder.STRICT.withClock(InstantSource.fixed(Instant.ofEpochMilli(NOW)));

  @Test
  void decodesEveryAttribute() {
    Cookie c =
        STRICT.decode(
            "id=a3fWa; Max-Age=2592000; Domain=.Example.COM; Path=/docs; Secure; HttpOnly;"
                + " SameSite=strict; Partitioned; Unknown=1");
    assertThat(c.name()).isEqualTo("id");
    assertThat(c.value()).isEqualTo("a3fWa");
    assertThat(c.maxAge()).isEqualTo(2592000);
    assertThat(c.domain()).isEqualTo("example.com");
    assertThat(c.path()).isEqualTo("/docs");
    assertThat(c.isSecure()).isTrue();
    assertThat(c.isHttpOnly()).isTrue();
    assertThat(c.sameSite()).isEqualTo(SameSite.Strict);
    assertThat(c.isPartitioned()).isTrue();
  }

  @Test
  void expiresBecomesMaxAgeButMaxAgeWins() {
    String in60s = DateFormatter.format(NOW + 60_000);
    assertThat(STRICT.decode("a=b; Expires=" + in60s).maxAge()).isEqualTo(60);
    assertThat(STRICT.decode("a=b; Expires=" + in60s + "; Max-Age=5").maxAge()).isEqualTo(5);
    assertThat(STRICT.decode("a=b; Max-Age=5; Expires=" + in60s).maxAge()).isEqualTo(5);
    String past = DateFormatter.format(NOW - 60_000);
    assertThat(STRICT.decode("a=b; Expires=" + past).maxAge()).isZero();
    assertThat(STRICT.decode("a=b").maxAge()).isEqualTo(Cookie.UNDEFINED_MAX_AGE);
  }

  @Test
  void ignoresMalformedAttributes() {
    Cookie c =
        STRICT.decode(
            "a=b; Max-Age=12x; Expires=never; Path=relative; Domain=; SameSite=sideways; Max-Age=-3");
    assertThat(c.maxAge()).isZero();
    assertThat(c.path()).isNull();
    assertThat(c.domain()).isNull();
    assertThat(c.sameSite()).isNull();
    Cookie longPath = STRICT.decode("a=b; Path=/" + "p".repeat(1100));
    assertThat(longPath.path()).isNull();
  }

  @Test
  void strictRejectsInvalidNamesAndValuesLaxAcceptsThem() {
    assertThat(STRICT.decode("bad name=x")).isNull();
    assertThat(STRICT.decode("a=x y")).isNull();
    assertThat(ClientCookieDecoder.LAX.decode("a=x y").value()).isEqualTo("x y");
    assertThat(STRICT.decode("noequals; Path=/")).isNull();
    assertThat(STRICT.decode("=v")).isNull();
    assertThat(STRICT.decode("a=\"quoted\"").wrap()).isTrue();
    assertThat(ClientCookieDecoder.LAX.decode("a=" + "x".repeat(5000))).isNull();
  }
}
