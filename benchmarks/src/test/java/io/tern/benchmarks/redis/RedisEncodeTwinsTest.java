package io.tern.benchmarks.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Both twins of the Redis encoder pair write the same bytes for one operation. */
class RedisEncodeTwinsTest {
  @Test
  void bothTwinsWriteTheSameCommandBytes() {
    RedisEncode tern = new RedisEncode();
    RedisEncodeNetty netty = new RedisEncodeNetty();
    tern.setUp();
    netty.setUp();
    try {
      long ternBytes = tern.commands();
      assertThat(ternBytes).isPositive();
      assertThat(netty.commands()).isEqualTo(ternBytes);
    } finally {
      tern.tearDown();
      netty.tearDown();
    }
  }

  @Test
  void bothTwinsWriteTheSameReplyBytes() {
    RedisEncode tern = new RedisEncode();
    RedisEncodeNetty netty = new RedisEncodeNetty();
    tern.setUp();
    netty.setUp();
    try {
      long ternBytes = tern.replies();
      assertThat(ternBytes).isPositive();
      assertThat(netty.replies()).isEqualTo(ternBytes);
    } finally {
      tern.tearDown();
      netty.tearDown();
    }
  }
}
