package io.tern.codec.http.multipart;

import java.io.IOException;

/**
 * A decoded form field.
 *
 * <h2>Threading</h2>
 *
 * As for {@link HttpData}.
 *
 * <h2>Ownership</h2>
 *
 * As for {@link HttpData}: the decoder owns it until destroyed; retain it to keep it longer.
 */
public interface Attribute extends HttpData {
  /**
   * Returns the value as text in {@link #charset()}; same as {@link #string()}.
   *
   * @return the value
   * @throws IOException if the value was stored on disk and reading it fails
   */
  String value() throws IOException;
}
