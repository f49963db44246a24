package io.tern.transport.local;

import io.tern.transport.IoEvent;
import io.tern.transport.IoHandle;
import io.tern.transport.IoHandler;
import io.tern.transport.IoHandlerContext;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.IoOps;
import io.tern.transport.IoRegistration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * An in-memory {@link IoHandler} for the in-VM (local) transport and for tests: no OS resources.
 * The loop parks until a deadline or a wakeup; a handle becomes ready when anyone {@linkplain
 * IoRegistration#submit submits} a {@link LocalIoHandler.Ready} for it, and is then called with a
 * {@link LocalIoHandler.Event} carrying the submitted ops.
 *
 * <h2>Threading</h2>
 *
 * <p>{@link IoRegistration#submit} may be called from any thread (it wakes the loop); everything
 * else runs on the loop thread. Wake-up protocol between a submitter and the loop, besides the
 * loop's own: the loop sets {@code parked} before re-checking {@code ready} and parking; a
 * submitter enqueues, then unparks the loop if {@code parked} is set. LockSupport permits are
 * sticky, so an unpark just before the park is not lost.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects and no OS resources.
 */
public final class LocalIoHandler implements IoHandler {
  private final ConcurrentLinkedQueue<Event> ready = new ConcurrentLinkedQueue<>();
  private final List<Registration> registrations = new ArrayList<>();
  private volatile Thread thread;
  private volatile boolean parked;

  private LocalIoHandler() {}

  /**
   * Returns a factory of local handlers.
   *
   * @return the factory
   */
  public static IoHandlerFactory newFactory() {
    return loop -> new LocalIoHandler();
  }

  /**
   * Ops that mark a handle ready; delivered back to it in an {@link Event}.
   *
   * <h2>Threading</h2>
   *
   * <p>Immutable; any thread may use it.
   *
   * <h2>Ownership</h2>
   *
   * <p>Holds no reference-counted objects.
   *
   * @param value an application-defined value
   */
  public record Ready(long value) implements IoOps {}

  /**
   * What a local handle receives.
   *
   * <h2>Threading</h2>
   *
   * <p>Immutable; any thread may use it.
   *
   * <h2>Ownership</h2>
   *
   * <p>Holds no reference-counted objects.
   *
   * @param registration the handle's registration
   * @param ops the submitted ops
   */
  public record Event(IoRegistration registration, Ready ops) implements IoEvent {}

  @Override
  public void initialize() {
    thread = Thread.currentThread();
  }

  @Override
  public int run(IoHandlerContext context) {
    if (context.canBlock() && ready.isEmpty()) {
      long delay = context.delayNanos();
      if (delay > 0) {
        parked = true;
        if (ready.isEmpty()) {
          if (delay == Long.MAX_VALUE) {
            LockSupport.park(this);
          } else {
            LockSupport.parkNanos(this, delay);
          }
        }
        parked = false;
      }
    }
    int handled = 0;
    Event event;
    while ((event = ready.poll()) != null) {
      Registration r = (Registration) event.registration();
      if (r.valid) {
        r.handle.handle(r, event);
        handled++;
      }
    }
    return handled;
  }

  @Override
  public void wakeup() {
    LockSupport.unpark(thread);
  }

  @Override
  public void prepareToDestroy() {
    for (Registration r : List.copyOf(registrations)) {
      r.cancel();
      try {
        r.handle.close();
      } catch (Exception e) {
        System.getLogger(LocalIoHandler.class.getName())
            .log(System.Logger.Level.WARNING, "Failed to close " + r.handle, e);
      }
    }
  }

  @Override
  public void destroy() {
    ready.clear();
  }

  @Override
  public IoRegistration register(IoHandle handle) {
    Registration r = new Registration(handle);
    registrations.add(r);
    return r;
  }

  @Override
  public boolean isCompatible(Class<? extends IoHandle> handleType) {
    return true;
  }

  @Override
  public int registeredHandles() {
    return registrations.size();
  }

  private final class Registration implements IoRegistration {
    final IoHandle handle;
    volatile boolean valid = true;

    Registration(IoHandle handle) {
      this.handle = handle;
    }

    @Override
    public Object attachment() {
      return handle;
    }

    @Override
    public long submit(IoOps ops) {
      if (!(ops instanceof Ready r)) {
        throw new IllegalArgumentException("unsupported ops: " + ops);
      }
      ready.offer(new Event(this, r));
      if (parked) {
        LockSupport.unpark(thread);
      }
      return 0;
    }

    @Override
    public boolean isValid() {
      return valid;
    }

    @Override
    public boolean cancel() {
      if (!valid) {
        return false;
      }
      valid = false;
      registrations.remove(this);
      return true;
    }
  }
}
