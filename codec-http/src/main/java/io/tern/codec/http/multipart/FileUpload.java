package io.tern.codec.http.multipart;

/**
 * A decoded file of a {@code multipart/form-data} body.
 *
 * <p>The file name comes from the client as it is: never use it as a path on the server without
 * sanitising it.
 *
 * <h2>Threading</h2>
 *
 * As for {@link HttpData}.
 *
 * <h2>Ownership</h2>
 *
 * As for {@link HttpData}: the decoder owns it until destroyed; retain it to keep it longer.
 */
public interface FileUpload extends HttpData {
  /**
   * Returns the file name the client gave ({@code filename*} taking precedence over {@code
   * filename}), with {@code %22}, {@code %0D} and {@code %0A} decoded as browsers encode them.
   *
   * @return the client's file name, possibly empty, never a trusted path
   */
  String filename();

  /**
   * Returns the media type of the part.
   *
   * @return the {@code Content-Type} of the part without parameters, {@code
   *     application/octet-stream} when absent
   */
  String contentType();

  /**
   * Returns the part's {@code Content-Transfer-Encoding}.
   *
   * @return {@code 7bit}, {@code 8bit} or {@code binary}, or {@code null} when absent
   */
  String contentTransferEncoding();
}
