package io.tern.transport.channel;

import io.tern.common.concurrent.DefaultPromise;
import io.tern.common.concurrent.EventExecutor;
import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.FutureListener;
import io.tern.common.concurrent.Promise;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A promise for fire-and-forget operations that nobody waits for: {@link Channel#voidPromise()}.
 * Writing with it saves allocating and completing a promise per message (a server answering
 * pipelined requests writes many). Success is ignored; a failure (a write after close, a write the
 * transport cannot take, an encoder that throws) goes to the pipeline as {@code exceptionCaught}
 * instead, so it is never lost silently.
 *
 * <p>It never completes: {@link #isDone()} stays {@code false}, and it cannot be waited for or
 * listened to ({@link #addListener}, {@link #sync()}, {@link #await()} and {@link #get()} throw
 * {@link IllegalStateException}). A handler that needs to know when a write it passes on is done
 * replaces the promise it was given with {@link #unvoid(Promise)} first.
 *
 * <h2>Threading</h2>
 *
 * <p>One shared instance per channel; any thread may pass it, and the failure is fired on the
 * channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: it holds no message and releases nothing.
 */
public final class VoidChannelPromise implements Promise<Void> {
  private final Channel channel;

  /**
   * Creates the void promise of a channel; channels create theirs once ({@link
   * Channel#voidPromise()}).
   *
   * @param channel the channel whose pipeline is told about failures
   */
  public VoidChannelPromise(Channel channel) {
    this.channel = Objects.requireNonNull(channel, "channel");
  }

  /**
   * Tells whether a future is a void promise.
   *
   * @param future a future, may be {@code null}
   * @return {@code true} for a {@link VoidChannelPromise}
   */
  public static boolean isVoid(Future<?> future) {
    return future instanceof VoidChannelPromise;
  }

  /**
   * Returns a promise that can be listened to in place of {@code promise}: {@code promise} itself
   * unless it is void, otherwise a new promise on the channel's event loop whose failure still
   * reaches the pipeline as {@code exceptionCaught}.
   *
   * @param promise a write's promise
   * @return a promise that accepts listeners
   */
  public static Promise<Void> unvoid(Promise<Void> promise) {
    if (!(promise instanceof VoidChannelPromise v)) {
      return promise;
    }
    Promise<Void> real = new DefaultPromise<>(v.channel.eventLoop());
    real.addListener(
        f -> {
          if (f.cause() != null) {
            v.fireFailure(f.cause());
          }
        });
    return real;
  }

  private void fireFailure(Throwable cause) {
    if (!channel.isRegistered()) {
      return; // no pipeline event can be delivered any more (as in Netty)
    }
    if (channel.eventLoop().inEventLoop()) {
      channel.pipeline().fireExceptionCaught(cause);
    } else {
      channel.eventLoop().execute(() -> channel.pipeline().fireExceptionCaught(cause));
    }
  }

  private static IllegalStateException voidPromiseUsed() {
    return new IllegalStateException(
        "a void promise cannot be listened to or waited for; use VoidChannelPromise.unvoid");
  }

  @Override
  public Promise<Void> setSuccess(Void result) {
    return this;
  }

  @Override
  public boolean trySuccess(Void result) {
    return false;
  }

  @Override
  public Promise<Void> setFailure(Throwable cause) {
    fireFailure(Objects.requireNonNull(cause, "cause"));
    return this;
  }

  @Override
  public boolean tryFailure(Throwable cause) {
    fireFailure(Objects.requireNonNull(cause, "cause"));
    return false;
  }

  @Override
  public boolean setUncancellable() {
    return true;
  }

  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    return false;
  }

  @Override
  public boolean isCancelled() {
    return false;
  }

  @Override
  public boolean isCancellable() {
    return false;
  }

  @Override
  public boolean isDone() {
    return false;
  }

  @Override
  public boolean isSuccess() {
    return false;
  }

  @Override
  public Throwable cause() {
    return null;
  }

  @Override
  public Void getNow() {
    return null;
  }

  @Override
  public EventExecutor executor() {
    return channel.eventLoop();
  }

  @Override
  public Promise<Void> addListener(FutureListener<? super Void> listener) {
    throw voidPromiseUsed();
  }

  @Override
  public Promise<Void> sync() {
    throw voidPromiseUsed();
  }

  @Override
  public Promise<Void> syncUninterruptibly() {
    throw voidPromiseUsed();
  }

  @Override
  public Promise<Void> await() {
    throw voidPromiseUsed();
  }

  @Override
  public Promise<Void> awaitUninterruptibly() {
    throw voidPromiseUsed();
  }

  @Override
  public boolean await(long timeout, TimeUnit unit) {
    throw voidPromiseUsed();
  }

  @Override
  public Void get() {
    throw voidPromiseUsed();
  }

  @Override
  public Void get(long timeout, TimeUnit unit) {
    throw voidPromiseUsed();
  }

  @Override
  public String toString() {
    return "VoidChannelPromise(" + channel + ')';
  }
}
