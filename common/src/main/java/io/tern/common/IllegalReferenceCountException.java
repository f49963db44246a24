package io.tern.common;

/**
 * Thrown when a {@link ReferenceCounted} object is used after it was freed, released more often
 * than it was retained, or retained past {@link Integer#MAX_VALUE} references.
 *
 * <h2>Threading</h2>
 *
 * <p>Thrown on the thread that made the illegal call; immutable once thrown.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public class IllegalReferenceCountException extends IllegalStateException {
  /** Creates an exception without a message. */
  public IllegalReferenceCountException() {}

  /**
   * Creates an exception for an access at reference count {@code refCnt}.
   *
   * @param refCnt the count seen
   */
  public IllegalReferenceCountException(int refCnt) {
    super("refCnt: " + refCnt);
  }

  /**
   * Creates an exception for a change of the count by {@code delta} from {@code refCnt}.
   *
   * @param refCnt the count seen
   * @param delta the attempted change: positive for retain, negative for release
   */
  public IllegalReferenceCountException(int refCnt, int delta) {
    super(
        "refCnt: " + refCnt + ", " + (delta > 0 ? "increment: " + delta : "decrement: " + -delta));
  }

  /**
   * Creates an exception with a message.
   *
   * @param message the detail message
   */
  public IllegalReferenceCountException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a message and a cause.
   *
   * @param message the detail message
   * @param cause the cause
   */
  public IllegalReferenceCountException(String message, Throwable cause) {
    super(message, cause);
  }
}
