package io.tern.transport.nio;

import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoHandler;
import io.tern.transport.IoHandlerContext;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.IoOps;
import io.tern.transport.IoRegistration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * An {@link IoHandler} over a {@link Selector}: waits in {@code select} and dispatches ready keys
 * to {@link NioIoHandle}s as {@link NioIoHandler.Event}s. Interest is changed by submitting {@link
 * NioIoHandler.Ops}. {@link #wakeup()} is {@link Selector#wakeup()}, which is sticky.
 *
 * <h2>Threading</h2>
 *
 * <p>All methods except {@link #wakeup()} run on the loop thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Owns its selector and closes it in {@link #destroy()}; at shutdown it cancels the keys still
 * registered and closes their handles. Holds no reference-counted objects.
 */
public final class NioIoHandler implements IoHandler {
  private static final System.Logger LOGGER = System.getLogger(NioIoHandler.class.getName());
  private final Selector selector;
  private final Consumer<SelectionKey> dispatch = this::dispatch;
  private int handled;
  // Registration.cancel() may run on any thread.
  private final AtomicInteger registeredHandles = new AtomicInteger();

  private NioIoHandler() {
    try {
      selector = Selector.open();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open a selector", e);
    }
  }

  /**
   * Returns a factory of selector-based handlers.
   *
   * @return the factory
   */
  public static IoHandlerFactory newFactory() {
    return loop -> new NioIoHandler();
  }

  /**
   * The interest set to select for ({@link SelectionKey#OP_READ} and friends).
   *
   * <h2>Threading</h2>
   *
   * <p>Immutable; any thread may use it.
   *
   * <h2>Ownership</h2>
   *
   * <p>Holds no reference-counted objects.
   *
   * @param interestOps the interest bits
   */
  public record Ops(int interestOps) implements IoOps {}

  /**
   * The ready set a handle receives.
   *
   * <h2>Threading</h2>
   *
   * <p>Immutable; any thread may use it.
   *
   * <h2>Ownership</h2>
   *
   * <p>Holds no reference-counted objects.
   *
   * @param readyOps the ready bits
   */
  public record Event(int readyOps) implements IoEvent {}

  @Override
  public int run(IoHandlerContext context) {
    handled = 0;
    try {
      if (context.canBlock()) {
        long delay = context.delayNanos();
        if (delay == Long.MAX_VALUE) {
          selector.select(dispatch);
        } else {
          long millis = (delay + 999_999) / 1_000_000;
          if (millis <= 0) {
            selector.selectNow(dispatch);
          } else {
            selector.select(dispatch, millis);
          }
        }
      } else {
        selector.selectNow(dispatch);
      }
    } catch (IOException e) {
      LOGGER.log(System.Logger.Level.WARNING, "Selector failed", e);
    }
    return handled;
  }

  private void dispatch(SelectionKey key) {
    Registration r = (Registration) key.attachment();
    if (!key.isValid()) {
      return;
    }
    handled++;
    try {
      r.handle.handle(r, new Event(key.readyOps()));
    } catch (RuntimeException e) {
      LOGGER.log(System.Logger.Level.WARNING, "Handle " + r.handle + " failed", e);
    }
  }

  @Override
  public void wakeup() {
    selector.wakeup();
  }

  @Override
  public void prepareToDestroy() {
    for (SelectionKey key : List.copyOf(selector.keys())) {
      Registration r = (Registration) key.attachment();
      key.cancel();
      try {
        r.handle.close();
      } catch (Exception e) {
        LOGGER.log(System.Logger.Level.WARNING, "Failed to close " + r.handle, e);
      }
    }
  }

  @Override
  public void destroy() {
    try {
      selector.close();
    } catch (IOException e) {
      LOGGER.log(System.Logger.Level.WARNING, "Failed to close the selector", e);
    }
  }

  @Override
  public IoRegistration register(IoHandle handle) throws IOException {
    if (!(handle instanceof NioIoHandle nio)) {
      throw new IllegalArgumentException("not a NioIoHandle: " + handle);
    }
    Registration r = new Registration(handle);
    r.key = nio.selectableChannel().register(selector, 0, r);
    registeredHandles.incrementAndGet();
    return r;
  }

  @Override
  public boolean isCompatible(Class<? extends IoHandle> handleType) {
    return NioIoHandle.class.isAssignableFrom(handleType);
  }

  @Override
  public int registeredHandles() {
    return registeredHandles.get();
  }

  private final class Registration implements IoRegistration {
    final IoHandle handle;
    SelectionKey key;

    Registration(IoHandle handle) {
      this.handle = handle;
    }

    @Override
    public Object attachment() {
      return key;
    }

    @Override
    public long submit(IoOps ops) {
      if (!(ops instanceof Ops o)) {
        throw new IllegalArgumentException("unsupported ops: " + ops);
      }
      key.interestOps(o.interestOps());
      return 0;
    }

    @Override
    public boolean isValid() {
      return key.isValid();
    }

    @Override
    public boolean cancel() {
      if (!key.isValid()) {
        return false;
      }
      key.cancel();
      registeredHandles.decrementAndGet();
      return true;
    }
  }
}
