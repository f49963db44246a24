package io.tern.transport.spi;

import io.tern.common.concurrent.Future;
import io.tern.common.concurrent.Promise;
import io.tern.transport.IoRegistration;

/**
 * Registers a channel with its event loop, the step {@link AbstractChannel#register()} starts: the
 * channel's {@link AbstractChannel#ioHandle() handle} goes to the loop's {@code IoHandler}; once it
 * is registered the channel fires {@code channelRegistered}, then {@code channelActive} if it is
 * active from birth (an accepted child), and the promise succeeds.
 *
 * <p>A channel registered twice, or closed before registering, fails the promise. A channel closed
 * while its registration was in flight cancels it. A registration the {@code IoHandler} refused
 * closes the channel without events ({@link ChannelHead#closeForcibly}), since no handler has seen
 * it yet.
 *
 * <p>Stateless; the state it reads and changes lives in the channel. Event loop only.
 */
final class ChannelRegistrar {
  private ChannelRegistrar() {}

  static void register(AbstractChannel ch, Promise<Void> promise) {
    assert ch.eventLoop().inEventLoop();
    if (ch.registered || ch.closeInitiated) {
      promise.tryFailure(
          ch.closeInitiated
              ? ch.newClosedChannelException()
              : new IllegalStateException("already registered: " + ch));
      return;
    }
    Future<IoRegistration> f = ch.eventLoop().register(ch.ioHandle());
    if (f.isDone()) {
      registered(ch, f, promise);
    } else {
      f.addListener(done -> registered(ch, done, promise));
    }
  }

  private static void registered(
      AbstractChannel ch, Future<? extends IoRegistration> f, Promise<Void> promise) {
    if (!f.isSuccess()) {
      ChannelHead.closeForcibly(ch);
      promise.tryFailure(f.cause());
      return;
    }
    IoRegistration r = f.getNow();
    if (ch.closeInitiated) {
      r.cancel();
      promise.tryFailure(ch.newClosedChannelException());
      return;
    }
    ch.registration = r;
    ch.registered = true;
    ch.pipeline.fireChannelRegistered();
    if (ch.isActive()) {
      ch.activated();
    }
    promise.trySuccess(null);
  }
}
