package io.tern.codec.http.multipart;

import java.io.IOException;

/** A decoded form field. Ownership and threading as for {@link HttpData}. */
public interface Attribute extends HttpData {
  /**
   * Returns the value as text in {@link #charset()}; same as {@link #string()}.
   *
   * @return the value
   * @throws IOException if the value was stored on disk and reading it fails
   */
  String value() throws IOException;
}
