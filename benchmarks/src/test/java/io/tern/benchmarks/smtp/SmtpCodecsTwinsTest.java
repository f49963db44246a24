package io.tern.benchmarks.smtp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Both twins of the SMTP pair do the whole work of one operation: every reply decoded, every
 * transaction encoded into the same bytes (Netty's side dot-stuffs the body itself, which its
 * encoder leaves to the application).
 */
class SmtpCodecsTwinsTest {
  @Test
  void bothTwinsEncodeTheSameBytes() {
    SmtpCodecs tern = new SmtpCodecs();
    SmtpCodecsNetty netty = new SmtpCodecsNetty();
    tern.setUp();
    netty.setUp();
    try {
      long ternBytes = tern.encode();
      assertThat(ternBytes)
          .isGreaterThan((long) SmtpStreams.TRANSACTIONS * SmtpStreams.BODY.length);
      assertThat(netty.encode()).isEqualTo(ternBytes);
    } finally {
      tern.tearDown();
      netty.tearDown();
    }
  }

  @Test
  void bothTwinsDecodeEveryReply() {
    SmtpCodecs tern = new SmtpCodecs();
    SmtpCodecsNetty netty = new SmtpCodecsNetty();
    tern.setUp();
    netty.setUp();
    try {
      long replies = 6L * SmtpStreams.TRANSACTIONS;
      assertThat(tern.decode()).isEqualTo(replies);
      assertThat(netty.decode()).isEqualTo(replies);
    } finally {
      tern.tearDown();
      netty.tearDown();
    }
  }
}
