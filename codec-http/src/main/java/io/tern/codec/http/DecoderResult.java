package io.tern.codec.http;

import java.util.Objects;

/**
 * Whether an {@link HttpObject} was decoded successfully, and if not, why. A decoder that meets
 * malformed input produces one last object with a failed result (for a request head: {@code GET
 * /bad-request}) and then ignores the rest of the connection's input; {@link HttpServerCodec}
 * answers such a request with {@code 400 Bad Request} and closes.
 *
 * <h2>Threading</h2>
 *
 * Immutable; shareable between threads.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class DecoderResult {
  /** The result of an object decoded without problems (and of every object built by hand). */
  public static final DecoderResult SUCCESS = new DecoderResult(null);

  private final Throwable cause;

  private DecoderResult(Throwable cause) {
    this.cause = cause;
  }

  /**
   * Returns a failed result.
   *
   * @param cause why decoding failed
   * @return the result
   */
  public static DecoderResult failure(Throwable cause) {
    return new DecoderResult(Objects.requireNonNull(cause, "cause"));
  }

  /**
   * Returns whether decoding succeeded.
   *
   * @return {@code true} on success
   */
  public boolean isSuccess() {
    return cause == null;
  }

  /**
   * Returns whether decoding failed.
   *
   * @return {@code true} on failure
   */
  public boolean isFailure() {
    return cause != null;
  }

  /**
   * Returns why decoding failed.
   *
   * @return the cause, or {@code null} on success
   */
  public Throwable cause() {
    return cause;
  }

  @Override
  public String toString() {
    return cause == null ? "success" : "failure(" + cause + ")";
  }
}
