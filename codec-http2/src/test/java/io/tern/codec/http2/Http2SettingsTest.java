package io.tern.codec.http2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class Http2SettingsTest {
  @Test
  void keepsOnlyWhatWasSet() {
    Http2Settings s = new Http2Settings().maxConcurrentStreams(10).initialWindowSize(100);
    assertThat(s.size()).isEqualTo(2);
    assertThat(s.maxConcurrentStreams()).isEqualTo(10L);
    assertThat(s.maxFrameSize()).isNull();
    assertThat(s.get(Http2Settings.HEADER_TABLE_SIZE, 4096)).isEqualTo(4096);
  }

  @Test
  void checksTheRangesOfRfc9113() {
    assertThatThrownBy(() -> new Http2Settings().maxFrameSize(16_383))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Http2Settings().put(Http2Settings.ENABLE_PUSH, 2))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Http2Settings().put(Http2Settings.INITIAL_WINDOW_SIZE, 1L << 31))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(new Http2Settings().put(0x77, 5).isEmpty()).isTrue(); // unknown ids are ignored
  }

  @Test
  void copiesAreEqualAndIndependent() {
    Http2Settings s = new Http2Settings().headerTableSize(0);
    Http2Settings c = s.copy();
    assertThat(c).isEqualTo(s).hasSameHashCodeAs(s);
    c.headerTableSize(1);
    assertThat(c).isNotEqualTo(s);
    assertThat(s.toString()).isEqualTo("Http2Settings{1=0}");
  }
}
