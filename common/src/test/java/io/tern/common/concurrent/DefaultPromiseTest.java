package io.tern.common.concurrent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class DefaultPromiseTest {
  private static final DefaultEventExecutor LOOP = new DefaultEventExecutor();

  @AfterAll
  static void shutdown() {
    LOOP.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
  }

  @Test
  void listenersRunInTheOrderTheyWereAdded() throws Exception {
    Promise<String> p = LOOP.newPromise();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      int n = i;
      p.addListener(f -> order.add(n));
    }
    CountDownLatch done = new CountDownLatch(1);
    p.addListener(f -> done.countDown());
    p.setSuccess("x");
    done.await();
    assertThat(order).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
  }

  @Test
  void listenerAddedAfterCompletionRunsAfterEarlierListeners() throws Exception {
    Promise<String> p = LOOP.newPromise();
    List<String> order = new ArrayList<>();
    CountDownLatch done = new CountDownLatch(1);
    p.addListener(f -> order.add("first"));
    p.setSuccess("x");
    p.addListener(f -> order.add("second"));
    p.addListener(f -> done.countDown());
    done.await();
    assertThat(order).containsExactly("first", "second");
  }

  @Test
  void throwingListenerDoesNotStopTheOthers() {
    Promise<String> p = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    List<String> seen = new ArrayList<>();
    p.addListener(f -> seen.add("a"));
    p.addListener(
        f -> {
          throw new IllegalStateException("listener failure (expected by the test)");
        });
    p.addListener(f -> seen.add("c"));
    p.setSuccess("x");
    assertThat(seen).containsExactly("a", "c");
  }

  @Test
  void listenerAddedByARunningListenerRunsAfterItReturns() {
    Promise<String> p = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    List<String> order = new ArrayList<>();
    p.addListener(
        f -> {
          order.add("a starts");
          p.addListener(g -> order.add("late"));
          order.add("a ends");
        });
    p.setSuccess("x");
    assertThat(order).containsExactly("a starts", "a ends", "late");
  }

  @Test
  void listenersAddedDuringNotificationRunAfterTheRemainingOnesInOrder() {
    Promise<String> p = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    List<String> order = new ArrayList<>();
    p.addListener(
        f -> {
          order.add("a");
          p.addListener(g -> order.add("late1"));
          p.addListener(g -> order.add("late2"));
        });
    p.addListener(f -> order.add("b"));
    p.addListener(f -> order.add("c"));
    p.setSuccess("x");
    p.addListener(f -> order.add("after"));
    assertThat(order).containsExactly("a", "b", "c", "late1", "late2", "after");
  }

  @Test
  void everyListenerRunsOnceWhenAddedBeforeAndAfterCompletion() {
    for (int before = 0; before <= 3; before++) {
      Promise<String> p = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < before; i++) {
        int n = i;
        p.addListener(f -> order.add(n));
      }
      p.setSuccess("x");
      for (int i = before; i < 5; i++) {
        int n = i;
        p.addListener(f -> order.add(n));
      }
      assertThat(order).as("%d added before completion", before).containsExactly(0, 1, 2, 3, 4);
    }
  }

  @Test
  void deepChainOfCompletedFuturesDoesNotOverflowOnTheImmediateExecutor() {
    assertDeepChainCompletes(ImmediateEventExecutor.INSTANCE);
  }

  private static void assertDeepChainCompletes(EventExecutor executor) {
    int depth = 200_000;
    Promise<Integer> head = new DefaultPromise<>(executor);
    Promise<Integer> tail = head;
    for (int i = 0; i < depth; i++) {
      Promise<Integer> next = new DefaultPromise<>(executor);
      tail.addListener(f -> next.setSuccess(f.getNow() + 1));
      tail = next;
    }
    head.setSuccess(0);
    assertThat(tail.getNow()).isEqualTo(depth);
  }

  @Test
  void deepChainOnALoopCompletesTheTail() throws Exception {
    int depth = 100_000;
    Promise<Integer> head = LOOP.newPromise();
    Promise<Integer> tail = head;
    for (int i = 0; i < depth; i++) {
      Promise<Integer> next = LOOP.newPromise();
      tail.addListener(f -> next.setSuccess(f.getNow() + 1));
      tail = next;
    }
    LOOP.execute(() -> head.setSuccess(0));
    assertThat(tail.sync().getNow()).isEqualTo(depth);
  }

  @Test
  void timedAwaitReturnsFalseWhenIncomplete() throws Exception {
    Promise<String> p = LOOP.newPromise();
    assertThat(p.await(1, TimeUnit.MILLISECONDS)).isFalse();
    assertThat(p.isDone()).isFalse();
  }

  @Test
  void awaitIsInterruptible() throws Exception {
    Promise<String> p = LOOP.newPromise();
    Thread.currentThread().interrupt();
    assertThatThrownBy(p::await).isInstanceOf(InterruptedException.class);
    assertThat(Thread.interrupted()).isFalse();
  }

  @Test
  void awaitWakesWhenCompletedFromAnotherThread() throws Exception {
    Promise<String> p = LOOP.newPromise();
    LOOP.execute(() -> p.setSuccess("done"));
    assertThat(p.await().getNow()).isEqualTo("done");
    assertThat(p.get()).isEqualTo("done");
  }

  @Test
  void awaitOnTheNotifyingLoopThrowsInsteadOfDeadlocking() throws Exception {
    Promise<String> p = LOOP.newPromise();
    Future<?> attempt = LOOP.submit((Runnable) p::awaitUninterruptibly);
    attempt.await();
    assertThat(attempt.cause()).isInstanceOf(BlockingOperationException.class);
  }

  @Test
  void cancelCompletesWithCancellationAndNotifies() {
    Promise<String> p = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    List<Boolean> seen = new ArrayList<>();
    p.addListener(f -> seen.add(f.isCancelled()));
    assertThat(p.cancel(false)).isTrue();
    assertThat(p.isCancelled()).isTrue();
    assertThat(p.cause()).isInstanceOf(CancellationException.class);
    assertThat(p.trySuccess("late")).isFalse();
    assertThat(seen).containsExactly(true);
    assertThatThrownBy(p::get).isInstanceOf(CancellationException.class);
  }

  @Test
  void uncancellablePromiseCannotBeCancelled() {
    Promise<String> p = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    assertThat(p.setUncancellable()).isTrue();
    assertThat(p.cancel(false)).isFalse();
    assertThat(p.isCancellable()).isFalse();
    assertThat(p.isDone()).isFalse();
    assertThat(p.trySuccess("ok")).isTrue();
    assertThat(p.getNow()).isEqualTo("ok");
  }

  @Test
  void secondCompletionFails() {
    Promise<String> p = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    p.setSuccess("a");
    assertThat(p.tryFailure(new IOException("late"))).isFalse();
    assertThatThrownBy(() -> p.setSuccess("b")).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void syncRethrowsUncheckedCausesAndWrapsChecked() {
    Promise<String> unchecked = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    unchecked.setFailure(new IllegalArgumentException("bad"));
    assertThatThrownBy(unchecked::syncUninterruptibly).isInstanceOf(IllegalArgumentException.class);
    Promise<String> checked = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    checked.setFailure(new IOException("io"));
    assertThatThrownBy(checked::syncUninterruptibly)
        .isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(IOException.class);
    assertThatThrownBy(checked::get)
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(IOException.class);
  }

  @Test
  void convertsToCompletableFuture() throws Exception {
    Promise<String> ok = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    CompletableFuture<String> okStage = ok.toCompletableFuture();
    ok.setSuccess("v");
    assertThat(okStage.get()).isEqualTo("v");

    Promise<String> failed = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    CompletableFuture<String> failedStage = failed.toCompletableFuture();
    failed.setFailure(new IOException("x"));
    assertThat(failedStage.isCompletedExceptionally()).isTrue();

    Promise<String> source = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    source.toCompletableFuture().cancel(false);
    assertThat(source.isCancelled()).isTrue();
  }

  @Test
  void convertsFromCompletionStage() {
    CompletableFuture<String> stage = new CompletableFuture<>();
    Future<String> f = Futures.fromCompletionStage(stage, ImmediateEventExecutor.INSTANCE);
    assertThat(f.isDone()).isFalse();
    stage.complete("s");
    assertThat(f.getNow()).isEqualTo("s");

    CompletableFuture<String> failing = new CompletableFuture<>();
    Future<String> g = Futures.fromCompletionStage(failing, ImmediateEventExecutor.INSTANCE);
    failing.completeExceptionally(new IOException("e"));
    assertThat(g.cause()).isInstanceOf(IOException.class);

    CompletableFuture<String> cancelled = new CompletableFuture<>();
    Future<String> h = Futures.fromCompletionStage(cancelled, ImmediateEventExecutor.INSTANCE);
    cancelled.cancel(false);
    assertThat(h.isCancelled()).isTrue();
  }

  @Test
  void cascadeCopiesTheOutcome() {
    Promise<String> a = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    Promise<String> b = new DefaultPromise<>(ImmediateEventExecutor.INSTANCE);
    Futures.cascade(a, b);
    a.setSuccess("z");
    assertThat(b.getNow()).isEqualTo("z");
  }
}
