package io.tern.transport.linux;

import java.io.IOException;

/**
 * A failed Linux system call or io_uring operation, with its {@code errno}. Failures that have a
 * more specific {@code java.net} or {@code java.nio} type (a refused connection, an address in use,
 * a closed descriptor) are reported with that type instead, so code written for NIO catches them
 * unchanged.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable; safe to pass between threads.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public class NativeIoException extends IOException {
  private static final long serialVersionUID = 1L;

  /** The errno value. */
  private final int errno;

  /**
   * Creates an exception for a failed operation.
   *
   * @param operation what failed, e.g. {@code "writev"}
   * @param errno the positive errno value
   * @param message the C library's description of {@code errno}
   */
  public NativeIoException(String operation, int errno, String message) {
    super(operation + "(..) failed with errno " + errno + ": " + message);
    this.errno = errno;
  }

  /**
   * Returns the errno value the operation failed with.
   *
   * @return a positive errno, e.g. 104 for {@code ECONNRESET}
   */
  public int errno() {
    return errno;
  }
}
