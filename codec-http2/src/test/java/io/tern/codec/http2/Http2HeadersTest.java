package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.common.AsciiString;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class Http2HeadersTest {
  @Test
  void keepsPseudoHeadersFirstWhateverTheOrderOfAdding() {
    Http2Headers h = new Http2Headers().add("content-type", "text/plain").status("200");
    h.add("x-a", "1");
    assertThat(h.name(0).toString()).isEqualTo(":status");
    assertThat(h.pseudoHeaderCount()).isEqualTo(1);
    List<String> names = new ArrayList<>();
    h.forEach((n, v) -> names.add(n.toString()));
    assertThat(names).containsExactly(":status", "content-type", "x-a");
  }

  @Test
  void looksUpNamesIgnoringCase() {
    Http2Headers h = new Http2Headers().add("cookie", "a=1").add("cookie", "b=2");
    assertThat(h.get("Cookie").toString()).isEqualTo("a=1");
    assertThat(h.getAll(new AsciiString("COOKIE"))).hasSize(2);
    assertThat(h.remove("cookie")).isTrue();
    assertThat(h.isEmpty()).isTrue();
  }

  @Test
  void setReplacesEveryValue() {
    Http2Headers h = new Http2Headers().add("x", "1").add("y", "2").add("x", "3");
    h.set("x", "4");
    assertThat(h.getAll("x")).extracting(CharSequence::toString).containsExactly("4");
    assertThat(h.size()).isEqualTo(2);
  }

  @Test
  void refusesNamesHttp2Forbids() {
    assertThatThrownBy(() -> new Http2Headers().add("Content-Type", "x"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Http2Headers().add("a b", "x"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Http2Headers().add(":foo", "x"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Http2Headers().add("", "x"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void refusesValuesThatCouldSplitAMessage() {
    assertThatThrownBy(() -> new Http2Headers().add("x", "a" + (char) 13 + "b"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Http2Headers().add("x", " a"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Http2Headers().add("x", "a" + (char) 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void equalAndHashLikeTheirFields() {
    Http2Headers a = new Http2Headers().method("GET").path("/");
    Http2Headers b = new Http2Headers().method(new AsciiString("GET")).path("/");
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a.copy()).isEqualTo(a);
  }
}
