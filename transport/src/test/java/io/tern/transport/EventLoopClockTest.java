package io.tern.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.common.concurrent.DefaultThreadFactory;
import io.tern.common.concurrent.MockTicker;
import io.tern.common.concurrent.Ticker;
import io.tern.transport.local.LocalIoHandler;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class EventLoopClockTest {
  private static final EventLoopClock CLOCK = EventLoopClock.instance();

  private final MockTicker ticker = Ticker.newMockTicker();
  // Released each time the loop enters its I/O handler, that is once per iteration, just before
  // the handler waits.
  private final Semaphore enteringWait = new Semaphore(0);
  private final SingleThreadEventLoop loop =
      new SingleThreadEventLoop(
          null,
          new DefaultThreadFactory("clock-test", true),
          l -> new SignallingHandler(LocalIoHandler.newFactory().newHandler(l), enteringWait),
          ticker,
          TimeUnit.MILLISECONDS.toNanos(100));

  EventLoopClockTest() {
    // Ten days ahead of the real clock, so that a value read from the system clock instead of the
    // loop's ticker cannot pass for the loop's.
    ticker.advance(10, TimeUnit.DAYS);
  }

  @AfterEach
  void shutdown() throws Exception {
    loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
  }

  /** Delegates to a real handler and signals each entry into {@link #run}. */
  private record SignallingHandler(IoHandler delegate, Semaphore entering) implements IoHandler {
    @Override
    public void initialize() {
      delegate.initialize();
    }

    @Override
    public int run(IoHandlerContext context) {
      entering.release();
      return delegate.run(context);
    }

    @Override
    public void wakeup() {
      delegate.wakeup();
    }

    @Override
    public void prepareToDestroy() {
      delegate.prepareToDestroy();
    }

    @Override
    public void destroy() {
      delegate.destroy();
    }

    @Override
    public IoRegistration register(IoHandle handle) throws Exception {
      return delegate.register(handle);
    }

    @Override
    public int registeredHandles() {
      return delegate.registeredHandles();
    }

    @Override
    public boolean isCompatible(Class<? extends IoHandle> handleType) {
      return delegate.isCompatible(handleType);
    }
  }

  /** Reads the clock twice per I/O event, with the ticker moved on in between. */
  private final class ClockReadingHandle implements IoHandle {
    final List<long[]> reads = new CopyOnWriteArrayList<>();
    final Semaphore handled = new Semaphore(0);

    @Override
    public void handle(IoRegistration registration, IoEvent event) {
      long first = CLOCK.millis();
      ticker.advance(1500, TimeUnit.MILLISECONDS);
      reads.add(new long[] {first, CLOCK.millis(), ticker.currentTimeMillis()});
      handled.release();
    }

    @Override
    public void close() {}
  }

  /** Waits until the loop has started an iteration after this call and entered its I/O handler. */
  private void awaitNewIteration() throws InterruptedException {
    enteringWait.drainPermits();
    // The loop may already be waiting, with nothing to wake it: a task makes it go round.
    loop.execute(() -> {});
    enteringWait.acquire();
  }

  @Test
  void ioOnTheLoopSeesTheTimeAfterTheWaitForTheWholeIteration() throws Exception {
    ClockReadingHandle handle = new ClockReadingHandle();
    IoRegistration registration = loop.register(handle).sync().getNow();

    awaitNewIteration();
    // The iteration has begun (a clock read at its start would see the old time); time passes
    // while the loop waits.
    ticker.advance(7, TimeUnit.SECONDS);
    long afterWait = ticker.currentTimeMillis();
    registration.submit(new LocalIoHandler.Ready(1));
    handle.handled.acquire();

    long[] read = handle.reads.get(0);
    assertThat(read[0]).isEqualTo(afterWait);
    // The ticker moved on within the iteration; the clock keeps the iteration's time.
    assertThat(read[1]).isEqualTo(afterWait);
    assertThat(read[2]).isEqualTo(afterWait + 1500);
  }

  @Test
  void nextIterationReadsTheClockAgain() throws Exception {
    ClockReadingHandle handle = new ClockReadingHandle();
    IoRegistration registration = loop.register(handle).sync().getNow();

    awaitNewIteration();
    registration.submit(new LocalIoHandler.Ready(1));
    handle.handled.acquire();
    awaitNewIteration();
    registration.submit(new LocalIoHandler.Ready(2));
    handle.handled.acquire();

    long[] first = handle.reads.get(0);
    long[] second = handle.reads.get(1);
    // The second event came in a later iteration, which saw the ticker the first one advanced.
    assertThat(second[0]).isEqualTo(first[2]).isEqualTo(first[0] + 1500);
  }

  @Test
  void tasksSeeTheTimeOfTheirIteration() throws Exception {
    long[] read =
        loop.submit(
                () -> {
                  long first = CLOCK.millis();
                  ticker.advance(2, TimeUnit.SECONDS);
                  return new long[] {first, CLOCK.millis(), ticker.currentTimeMillis()};
                })
            .sync()
            .getNow();
    assertThat(read[1]).isEqualTo(read[0]).isEqualTo(read[2] - 2000);
    // From the loop's ticker, ten days ahead of the system clock, not from the system clock.
    assertThat(read[0]).isGreaterThan(System.currentTimeMillis() + TimeUnit.DAYS.toMillis(9));
  }

  @Test
  void offTheLoopIsTheSystemClock() {
    loop.submit(() -> {}).syncUninterruptibly();
    long before = System.currentTimeMillis();
    long read = CLOCK.millis();
    long after = System.currentTimeMillis();
    assertThat(read).isBetween(before, after);
    assertThat(CLOCK.instant().toEpochMilli()).isGreaterThanOrEqualTo(read);
  }
}
