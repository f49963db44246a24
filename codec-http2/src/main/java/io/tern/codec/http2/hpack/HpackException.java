package io.tern.codec.http2.hpack;

/**
 * A header block that is not valid HPACK: a bad index, integer or string, a table size update where
 * none may be, or one above the limit. HTTP/2 answers it with a connection error of type {@code
 * COMPRESSION_ERROR}: the decoder's table can no longer be trusted.
 *
 * <h2>Threading</h2>
 *
 * An ordinary exception; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class HpackException extends Exception {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param message what was wrong
   */
  public HpackException(String message) {
    super(message, null, false, false);
  }
}
