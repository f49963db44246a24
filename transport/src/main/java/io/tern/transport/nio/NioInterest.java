package io.tern.transport.nio;

import io.tern.transport.IoRegistration;

/**
 * The interest set of one NIO registration, changed bit by bit. The {@link NioIoHandler.Ops} for
 * every set are shared, so a change allocates nothing. Loop thread only.
 */
final class NioInterest {
  private static final NioIoHandler.Ops[] OPS = new NioIoHandler.Ops[32];

  static {
    for (int i = 0; i < OPS.length; i++) {
      OPS[i] = new NioIoHandler.Ops(i);
    }
  }

  private int ops;

  /** Adds or removes {@code op}; submits the new set if it changed and the key is valid. */
  void set(IoRegistration registration, int op, boolean on) {
    int updated = on ? ops | op : ops & ~op;
    if (updated != ops) {
      ops = updated;
      if (registration != null && registration.isValid()) {
        registration.submit(OPS[updated]);
      }
    }
  }
}
