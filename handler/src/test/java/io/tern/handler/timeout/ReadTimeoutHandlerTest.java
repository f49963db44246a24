package io.tern.handler.timeout;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.transport.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

class ReadTimeoutHandlerTest {

  @Test
  void silenceFailsAndClosesTheChannel() {
    EmbeddedChannel ch = new EmbeddedChannel(new ReadTimeoutHandler(500, MILLISECONDS));
    ch.advanceTimeBy(499, MILLISECONDS);
    assertThat(ch.isOpen()).isTrue();

    ch.advanceTimeBy(1, MILLISECONDS);

    assertThat(ch.isOpen()).isFalse();
    assertThatThrownBy(ch::checkException)
        .isInstanceOf(ReadTimeoutException.class)
        .hasMessageContaining("500 ms");
  }

  @Test
  void readsKeepTheChannelOpen() {
    EmbeddedChannel ch = new EmbeddedChannel(new ReadTimeoutHandler(500, MILLISECONDS));
    for (int i = 0; i < 10; i++) {
      ch.advanceTimeBy(400, MILLISECONDS);
      ch.writeInbound("x");
      assertThat((String) ch.readInbound()).isEqualTo("x");
    }

    assertThat(ch.isOpen()).isTrue();
    ch.finish();
  }

  @Test
  void timeoutExceptionHasNoStackTrace() {
    assertThat(new ReadTimeoutException("x").getStackTrace()).isEmpty();
  }
}
