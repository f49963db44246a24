package io.tern.codec.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.DefaultThreadFactory;
import io.tern.common.concurrent.MockTicker;
import io.tern.common.concurrent.Ticker;
import io.tern.transport.SingleThreadEventLoop;
import io.tern.transport.local.LocalIoHandler;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HttpDateCacheOnEventLoopTest {
  private final MockTicker ticker = Ticker.newMockTicker();
  private final SingleThreadEventLoop loop =
      new SingleThreadEventLoop(
          null,
          new DefaultThreadFactory("date-test", true),
          LocalIoHandler.newFactory(),
          ticker,
          TimeUnit.MILLISECONDS.toNanos(100));

  HttpDateCacheOnEventLoopTest() {
    // Days away from the real clock, so that a date read from the system clock cannot pass for
    // the loop's.
    ticker.advance(3, TimeUnit.DAYS);
  }

  @AfterEach
  void shutdown() throws Exception {
    loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
  }

  private <T> T onLoop(Callable<T> task) throws Exception {
    return loop.submit(task).sync().getNow();
  }

  /** Runs {@code task} on the loop in an iteration later than every one that has run so far. */
  private <T> T onLoopInALaterIteration(Callable<T> task) throws Exception {
    long running = onLoop(() -> loop.metrics().iterations());
    // The iteration that ran the task above is counted once it has finished; a task submitted
    // after that runs in a later one.
    while (loop.metrics().iterations() <= running) {
      Thread.onSpinWait();
    }
    return onLoop(task);
  }

  private static String format(long millis) {
    return DateFormatter.format(millis);
  }

  @Test
  void systemDateOnTheLoopIsTheTimeOfTheIteration() throws Exception {
    String[] dates =
        onLoop(
            () -> {
              long now = ticker.currentTimeMillis();
              String first = HttpDateCache.system().currentDate().toString();
              // A second passes within the iteration: the date stays the iteration's.
              ticker.advance(1, TimeUnit.SECONDS);
              String second = HttpDateCache.system().currentDate().toString();
              return new String[] {format(now), first, second};
            });
    assertThat(dates[1]).isEqualTo(dates[0]);
    assertThat(dates[2]).isEqualTo(dates[0]);
  }

  @Test
  void systemDateOnTheLoopChangesWhenTheSecondChangesAcrossIterations() throws Exception {
    long before = onLoop(ticker::currentTimeMillis);
    String first = onLoop(() -> HttpDateCache.system().currentDate().toString());
    ticker.advance(1, TimeUnit.SECONDS);
    String second = onLoopInALaterIteration(() -> HttpDateCache.system().currentDate().toString());

    assertThat(first).isEqualTo(format(before));
    assertThat(second).isEqualTo(format(before + 1000)).isNotEqualTo(first);
  }

  @Test
  void systemDateOffTheLoopIsTheSystemClock() throws Exception {
    onLoop(() -> HttpDateCache.system().currentDate());
    long before = System.currentTimeMillis();
    String date = HttpDateCache.system().currentDate().toString();
    long after = System.currentTimeMillis();
    assertThat(date).isIn(format(before), format(after));
  }

  @Test
  void customClockOnTheLoopIsReadOnEveryCall() throws Exception {
    AtomicLong now = new AtomicLong(784_111_777_000L);
    InstantSource clock = () -> Instant.ofEpochMilli(now.get());
    HttpDateCache cache = new HttpDateCache(clock);
    String[] dates =
        onLoop(
            () -> {
              String first = cache.currentDate().toString();
              now.addAndGet(1000);
              return new String[] {first, cache.currentDate().toString()};
            });
    assertThat(dates[0]).isEqualTo("Sun, 06 Nov 1994 08:49:37 GMT");
    assertThat(dates[1]).isEqualTo("Sun, 06 Nov 1994 08:49:38 GMT");
  }
}
