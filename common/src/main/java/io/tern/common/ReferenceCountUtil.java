package io.tern.common;

/**
 * Reference-counting operations on objects that may or may not be {@link ReferenceCounted}, for
 * code that handles arbitrary messages: the operations do nothing on other objects.
 *
 * <h2>Threading</h2>
 *
 * <p>As thread-safe as the underlying {@link ReferenceCounted} methods.
 *
 * <h2>Ownership</h2>
 *
 * <p>Each method does to its argument exactly what its name says (retain, release, touch) and
 * nothing more; the caller's ownership rules apply as if it had called the method on the object
 * itself.
 */
public final class ReferenceCountUtil {
  private static final System.Logger LOGGER = System.getLogger(ReferenceCountUtil.class.getName());

  private ReferenceCountUtil() {}

  /**
   * Retains {@code msg} once if it is reference counted.
   *
   * @param <T> the message type
   * @param msg the message, may be {@code null}
   * @return {@code msg}
   */
  @SuppressWarnings("unchecked")
  public static <T> T retain(T msg) {
    if (msg instanceof ReferenceCounted rc) {
      return (T) rc.retain();
    }
    return msg;
  }

  /**
   * Retains {@code msg} {@code increment} times if it is reference counted.
   *
   * @param <T> the message type
   * @param msg the message, may be {@code null}
   * @param increment the number of references to add
   * @return {@code msg}
   */
  @SuppressWarnings("unchecked")
  public static <T> T retain(T msg, int increment) {
    if (msg instanceof ReferenceCounted rc) {
      return (T) rc.retain(increment);
    }
    return msg;
  }

  /**
   * Records an access point of {@code msg} for leak reports if it is reference counted.
   *
   * @param <T> the message type
   * @param msg the message, may be {@code null}
   * @return {@code msg}
   */
  @SuppressWarnings("unchecked")
  public static <T> T touch(T msg) {
    if (msg instanceof ReferenceCounted rc) {
      return (T) rc.touch();
    }
    return msg;
  }

  /**
   * Records an access point of {@code msg} with a hint if it is reference counted.
   *
   * @param <T> the message type
   * @param msg the message, may be {@code null}
   * @param hint extra information for leak reports
   * @return {@code msg}
   */
  @SuppressWarnings("unchecked")
  public static <T> T touch(T msg, Object hint) {
    if (msg instanceof ReferenceCounted rc) {
      return (T) rc.touch(hint);
    }
    return msg;
  }

  /**
   * Releases {@code msg} once if it is reference counted.
   *
   * @param msg the message, may be {@code null}
   * @return {@code true} if this call freed the message
   * @throws IllegalReferenceCountException if the message was already freed
   */
  public static boolean release(Object msg) {
    return msg instanceof ReferenceCounted rc && rc.release();
  }

  /**
   * Releases {@code msg} {@code decrement} times if it is reference counted.
   *
   * @param msg the message, may be {@code null}
   * @param decrement the number of references to remove
   * @return {@code true} if this call freed the message
   * @throws IllegalReferenceCountException if the count is lower than {@code decrement}
   */
  public static boolean release(Object msg, int decrement) {
    return msg instanceof ReferenceCounted rc && rc.release(decrement);
  }

  /**
   * Releases {@code msg} once if it is reference counted, logging instead of throwing on failure;
   * for cleanup paths that must not fail.
   *
   * @param msg the message, may be {@code null}
   * @return {@code true} if this call freed the message
   */
  public static boolean safeRelease(Object msg) {
    return safeRelease(msg, 1);
  }

  /**
   * Releases {@code msg} {@code decrement} times if it is reference counted, logging instead of
   * throwing on failure.
   *
   * @param msg the message, may be {@code null}
   * @param decrement the number of references to remove
   * @return {@code true} if this call freed the message
   */
  public static boolean safeRelease(Object msg, int decrement) {
    try {
      return release(msg, decrement);
    } catch (RuntimeException e) {
      LOGGER.log(
          System.Logger.Level.WARNING,
          () ->
              "Failed to release a message: "
                  + safeToString(msg)
                  + " (decrement "
                  + decrement
                  + ")",
          e);
      return false;
    }
  }

  /**
   * Returns the reference count of {@code msg}, or {@code -1} if it is not reference counted.
   *
   * @param msg the message, may be {@code null}
   * @return the count or {@code -1}
   */
  public static int refCnt(Object msg) {
    return msg instanceof ReferenceCounted rc ? rc.refCnt() : -1;
  }

  private static String safeToString(Object msg) {
    try {
      return String.valueOf(msg);
    } catch (RuntimeException e) {
      return msg.getClass().getName();
    }
  }
}
