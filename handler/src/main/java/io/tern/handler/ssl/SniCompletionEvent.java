package io.tern.handler.ssl;

/**
 * The user event {@link SniHandler} fires once it has read the client's SNI host name and put the
 * chosen context's {@link SslHandler} in its place, or failed to.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class SniCompletionEvent {
  private final String hostName;
  private final Throwable cause;

  /**
   * Creates an event.
   *
   * @param hostName the requested host name, or {@code null} when the client sent none
   * @param cause why the lookup failed, or {@code null} on success
   */
  public SniCompletionEvent(String hostName, Throwable cause) {
    this.hostName = hostName;
    this.cause = cause;
  }

  /**
   * Returns the host name.
   *
   * @return the name the client asked for (lower case), or {@code null} if it sent none
   */
  public String hostName() {
    return hostName;
  }

  /**
   * Tells whether a context was chosen.
   *
   * @return {@code true} on success
   */
  public boolean isSuccess() {
    return cause == null;
  }

  /**
   * Returns why no context was chosen.
   *
   * @return the cause, or {@code null} on success
   */
  public Throwable cause() {
    return cause;
  }

  @Override
  public String toString() {
    return "SniCompletionEvent(" + hostName + (cause == null ? "" : ", " + cause) + ")";
  }
}
