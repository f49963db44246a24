package io.tern.handler.timeout;

import static java.util.concurrent.TimeUnit.MILLISECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.common.concurrent.Future;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.channels.ClosedChannelException;
import org.junit.jupiter.api.Test;

class WriteTimeoutHandlerTest {

  @Test
  void writeStuckPastTheTimeoutFailsAndClosesTheChannel() {
    EmbeddedChannel ch = new EmbeddedChannel(new WriteTimeoutHandler(1000, MILLISECONDS));
    Future<Void> stuck = ch.write("never flushed");
    ch.advanceTimeBy(999, MILLISECONDS);
    assertThat(ch.isOpen()).isTrue();

    ch.advanceTimeBy(1, MILLISECONDS);

    assertThat(ch.isOpen()).isFalse();
    assertThat(stuck.cause()).isInstanceOf(ClosedChannelException.class);
    assertThatThrownBy(ch::checkException).isInstanceOf(WriteTimeoutException.class);
  }

  @Test
  void writesWithTheVoidPromiseAreTimedToo() {
    EmbeddedChannel ch = new EmbeddedChannel(new WriteTimeoutHandler(1000, MILLISECONDS));
    ch.write("done", ch.voidPromise());
    ch.flush(); // completes "done": its timer is cancelled
    ch.write("never flushed", ch.voidPromise());

    ch.advanceTimeBy(1000, MILLISECONDS);

    assertThat(ch.isOpen()).isFalse();
    assertThatThrownBy(ch::checkException).isInstanceOf(WriteTimeoutException.class);
    ch.releaseOutbound();
  }

  @Test
  void completedWritesCancelTheirTimers() {
    EmbeddedChannel ch = new EmbeddedChannel(new WriteTimeoutHandler(1000, MILLISECONDS));

    ch.writeOutbound("a", "b", "c");

    assertThat(ch.runScheduledPendingTasks()).isEqualTo(-1);
    ch.advanceTimeBy(5000, MILLISECONDS);
    assertThat(ch.isOpen()).isTrue();
    ch.finishAndReleaseAll();
  }

  @Test
  void eachWriteHasItsOwnDeadline() {
    EmbeddedChannel ch = new EmbeddedChannel(new WriteTimeoutHandler(1000, MILLISECONDS));
    ch.write("first");
    ch.flush(); // completes "first"
    ch.advanceTimeBy(600, MILLISECONDS);
    ch.write("second"); // deadline at 1600

    ch.advanceTimeBy(999, MILLISECONDS);
    assertThat(ch.isOpen()).isTrue();
    ch.advanceTimeBy(1, MILLISECONDS);

    assertThat(ch.isOpen()).isFalse();
    assertThatThrownBy(ch::checkException).isInstanceOf(WriteTimeoutException.class);
    ch.releaseOutbound();
  }

  @Test
  void removalCancelsPendingTimers() {
    WriteTimeoutHandler handler = new WriteTimeoutHandler(1000, MILLISECONDS);
    EmbeddedChannel ch = new EmbeddedChannel(handler);
    ch.write("a");
    ch.write("b");

    ch.pipeline().remove(handler);
    ch.advanceTimeBy(5000, MILLISECONDS);

    assertThat(ch.isOpen()).isTrue();
    assertThat(ch.runScheduledPendingTasks()).isEqualTo(-1);
    ch.finishAndReleaseAll();
  }

  @Test
  void zeroTimeoutSchedulesNothing() {
    EmbeddedChannel ch = new EmbeddedChannel(new WriteTimeoutHandler(0, MILLISECONDS));
    ch.write("a");

    assertThat(ch.runScheduledPendingTasks()).isEqualTo(-1);
    ch.finishAndReleaseAll();
  }
}
