package io.tern.handler.ssl;

/**
 * The user event {@link SslHandler} fires when the peer's {@code close_notify} arrives (the peer
 * will send no more data), or when the channel closes without one. The same outcome completes
 * {@link SslHandler#sslCloseFuture()}.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class SslCloseCompletionEvent {
  /** The peer sent its {@code close_notify}. */
  public static final SslCloseCompletionEvent SUCCESS = new SslCloseCompletionEvent(null);

  private final Throwable cause;

  /**
   * Creates a failure event.
   *
   * @param cause why no {@code close_notify} arrived (the connection closed first)
   */
  public SslCloseCompletionEvent(Throwable cause) {
    this.cause = cause;
  }

  /**
   * Tells whether the peer's {@code close_notify} arrived.
   *
   * @return {@code true} if it did
   */
  public boolean isSuccess() {
    return cause == null;
  }

  /**
   * Returns why no {@code close_notify} arrived.
   *
   * @return the cause, or {@code null} on success
   */
  public Throwable cause() {
    return cause;
  }

  @Override
  public String toString() {
    return cause == null
        ? "SslCloseCompletionEvent(SUCCESS)"
        : "SslCloseCompletionEvent(" + cause + ")";
  }
}
