package io.tern.handler.ssl;

/**
 * The user event {@link SslHandler} fires when the TLS handshake ends, well or badly. The same
 * outcome completes {@link SslHandler#handshakeFuture()}.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class SslHandshakeCompletionEvent {
  /** The handshake succeeded. */
  public static final SslHandshakeCompletionEvent SUCCESS = new SslHandshakeCompletionEvent(null);

  private final Throwable cause;

  /**
   * Creates a failure event.
   *
   * @param cause why the handshake failed
   */
  public SslHandshakeCompletionEvent(Throwable cause) {
    this.cause = cause;
  }

  /**
   * Tells whether the handshake succeeded.
   *
   * @return {@code true} on success
   */
  public boolean isSuccess() {
    return cause == null;
  }

  /**
   * Returns why the handshake failed.
   *
   * @return the cause, or {@code null} on success
   */
  public Throwable cause() {
    return cause;
  }

  @Override
  public String toString() {
    return cause == null
        ? "SslHandshakeCompletionEvent(SUCCESS)"
        : "SslHandshakeCompletionEvent(" + cause + ")";
  }
}
