package io.tern.benchmarks.stomp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Both twins of the STOMP pair do the whole work of one operation: every frame decoded, every frame
 * encoded into the same bytes. A twin whose channel failed to set up (Netty closes a channel whose
 * pipeline refused a handler) would otherwise be timed doing nothing.
 */
class StompCodecsTwinsTest {
  @Test
  void bothTwinsEncodeEveryFrameIntoTheStreamsBytes() {
    StompCodecs tern = new StompCodecs();
    StompCodecsNetty netty = new StompCodecsNetty();
    tern.setUp();
    netty.setUp();
    try {
      long expected = StompStreams.stream().length;
      assertThat(tern.encode()).isEqualTo(expected);
      assertThat(netty.encode()).isEqualTo(expected);
    } finally {
      tern.tearDown();
      netty.tearDown();
    }
  }

  @Test
  void bothTwinsDecodeEveryFrame() {
    StompCodecs tern = new StompCodecs();
    StompCodecsNetty netty = new StompCodecsNetty();
    tern.setUp();
    netty.setUp();
    try {
      assertThat(tern.decode()).isEqualTo(StompStreams.FRAMES);
      assertThat(netty.decode()).isEqualTo(StompStreams.FRAMES);
    } finally {
      tern.tearDown();
      netty.tearDown();
    }
  }
}
