package io.tern.codec.http.cookie;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.codec.http.cookie.CookieHeaderNames.SameSite;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import org.junit.jupiter.api.Test;

class CookieEncoderTest {
  private static final ServerCookieEncoder STRICT =
      ServerCookieEncoder.STRICT.withClock(
          InstantSource.fixed(Instant.ofEpochMilli(784111777000L)));

  @Test
  void writesEveryAttribute() {
    DefaultCookie c = new DefaultCookie("id", "a3fWa");
    c.setMaxAge(60);
    c.setPath("/docs");
    c.setDomain("example.com");
    c.setSecure(true);
    c.setHttpOnly(true);
    c.setSameSite(SameSite.None);
    c.setPartitioned(true);
    assertThat(STRICT.encode(c))
        .isEqualTo(
            "id=a3fWa; Max-Age=60; Expires=Sun, 06 Nov 1994 08:50:37 GMT; Path=/docs;"
                + " Domain=example.com; Secure; HTTPOnly; SameSite=None; Partitioned");
  }

  @Test
  void wrapsQuotedValuesAndClampsNegativeMaxAge() {
    DefaultCookie c = new DefaultCookie("a", "b");
    c.setWrap(true);
    c.setMaxAge(-5);
    assertThat(STRICT.encode(c))
        .isEqualTo("a=\"b\"; Max-Age=0; Expires=Sun, 06 Nov 1994 08:49:37 GMT");
    assertThat(STRICT.encode("x", "y")).isEqualTo("x=y");
  }

  @Test
  void strictRejectsInvalidCookies() {
    assertThatThrownBy(() -> STRICT.encode("bad name", "v"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> STRICT.encode("a", "v;w"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("0x3b");
    DefaultCookie path = new DefaultCookie("a", "b");
    path.setPath("/x\r\nSet-Cookie: evil=1");
    assertThatThrownBy(() -> STRICT.encode(path)).isInstanceOf(IllegalArgumentException.class);
    DefaultCookie none = new DefaultCookie("a", "b");
    none.setSameSite(SameSite.None);
    assertThatThrownBy(() -> STRICT.encode(none))
        .hasMessageContaining("SameSite=None requires Secure");
    DefaultCookie partitioned = new DefaultCookie("a", "b");
    partitioned.setPartitioned(true);
    assertThatThrownBy(() -> STRICT.encode(partitioned))
        .hasMessageContaining("Partitioned requires Secure");
    assertThat(ServerCookieEncoder.LAX.encode("bad name", "v;w")).isEqualTo("bad name=v;w");
  }

  @Test
  void strictKeepsTheLastOfEqualCookies() {
    DefaultCookie a1 = new DefaultCookie("a", "1");
    DefaultCookie b = new DefaultCookie("b", "2");
    DefaultCookie a2 = new DefaultCookie("a", "3");
    DefaultCookie aOtherPath = new DefaultCookie("a", "4");
    aOtherPath.setPath("/p");
    assertThat(STRICT.encode(a1, b, a2, aOtherPath)).containsExactly("b=2", "a=3", "a=4; Path=/p");
    assertThat(ServerCookieEncoder.LAX.encode(List.of(a1, b, a2))).hasSize(3);
  }

  @Test
  void clientEncoderOrdersLongerPathsFirst() {
    DefaultCookie root = new DefaultCookie("r", "1");
    root.setPath("/");
    DefaultCookie deep = new DefaultCookie("d", "2");
    deep.setPath("/a/b");
    DefaultCookie none = new DefaultCookie("n", "3");
    assertThat(ClientCookieEncoder.STRICT.encode(root, none, deep)).isEqualTo("d=2; r=1; n=3");
    assertThat(ClientCookieEncoder.LAX.encode(root, none, deep)).isEqualTo("r=1; n=3; d=2");
    assertThat(ClientCookieEncoder.STRICT.encode("a", "b")).isEqualTo("a=b");
    assertThatThrownBy(() -> ClientCookieEncoder.STRICT.encode("a", "\"x"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void serverEncodedCookiesDecodeBackOnTheClient() {
    DefaultCookie c = new DefaultCookie("session", "abc123");
    c.setMaxAge(3600);
    c.setPath("/");
    c.setSecure(true);
    c.setSameSite(SameSite.Lax);
    Cookie back =
        ClientCookieDecoder.STRICT
            .withClock(InstantSource.fixed(Instant.ofEpochMilli(784111777000L)))
            .decode(STRICT.encode(c));
    assertThat(back).isEqualTo(c);
    assertThat(back.maxAge()).isEqualTo(3600);
    assertThat(back.sameSite()).isEqualTo(SameSite.Lax);
    assertThat(back.isSecure()).isTrue();
  }

  @Test
  void cookiesCompareByNamePathDomain() {
    DefaultCookie a = new DefaultCookie("a", "1");
    DefaultCookie aPath = new DefaultCookie("a", "1");
    aPath.setPath("/x");
    DefaultCookie aDomain = new DefaultCookie("a", "2");
    aDomain.setDomain("EXAMPLE.com");
    DefaultCookie aDomain2 = new DefaultCookie("a", "3");
    aDomain2.setDomain("example.com");
    assertThat(a).isLessThan(aPath);
    assertThat(aDomain).isEqualTo(aDomain2);
    assertThat(aDomain.compareTo(aDomain2)).isZero();
    assertThat(a.toString()).isEqualTo("a=1");
  }
}
