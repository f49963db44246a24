package io.tern.transport.embedded.internal;

import io.tern.common.concurrent.Future;
import io.tern.transport.EventLoop;
import io.tern.transport.EventLoopGroup;
import io.tern.transport.EventLoopMetrics;
import io.tern.transport.IoHandle;
import io.tern.transport.IoOps;
import io.tern.transport.IoRegistration;

/**
 * The event loop of an embedded channel: an {@link EmbeddedEventExecutor} (tasks run when the test
 * calls {@code runPendingTasks}) that accepts any handle and never reports I/O.
 */
public final class EmbeddedEventLoop extends EmbeddedEventExecutor implements EventLoop {
  private static final EventLoopMetrics NO_METRICS = new NoMetrics();

  /** Creates the loop. */
  public EmbeddedEventLoop() {}

  @Override
  public EventLoop next() {
    return this;
  }

  @Override
  public EventLoopGroup parent() {
    return null;
  }

  @Override
  public Future<IoRegistration> register(IoHandle handle) {
    return newSucceededFuture(new Registration(handle));
  }

  @Override
  public boolean isCompatible(Class<? extends IoHandle> handleType) {
    return true;
  }

  @Override
  public EventLoopMetrics metrics() {
    return NO_METRICS;
  }

  private static final class Registration implements IoRegistration {
    private final IoHandle handle;
    private boolean valid = true;

    Registration(IoHandle handle) {
      this.handle = handle;
    }

    @Override
    public Object attachment() {
      return handle;
    }

    @Override
    public long submit(IoOps ops) {
      return 0;
    }

    @Override
    public boolean isValid() {
      return valid;
    }

    @Override
    public boolean cancel() {
      boolean was = valid;
      valid = false;
      return was;
    }
  }

  private static final class NoMetrics implements EventLoopMetrics {
    @Override
    public long iterations() {
      return 0;
    }

    @Override
    public int tasksRunLastIteration() {
      return 0;
    }

    @Override
    public int ioHandledLastIteration() {
      return 0;
    }

    @Override
    public int pendingTasks() {
      return 0;
    }

    @Override
    public long ioTimeNanos() {
      return 0;
    }

    @Override
    public long taskTimeNanos() {
      return 0;
    }

    @Override
    public int registeredHandles() {
      return 0;
    }
  }
}
