package io.tern.codec.http.multipart.internal;

import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.multipart.HttpDataFactory;
import io.tern.codec.http.multipart.HttpPostRequestDecoder;

/**
 * The one entry point from the public multipart API into its implementation: {@link
 * HttpPostRequestDecoder.Builder} calls it, and gets a decoder whose class stays hidden.
 *
 * <p>Threading: stateless; any thread.
 */
public final class PostDecoders {
  private PostDecoders() {}

  /**
   * Creates a decoder for a request's body, nothing offered yet.
   *
   * @param factory where fields keep their bytes
   * @param request the request head
   * @param multipart {@code true} for {@code multipart/form-data}, {@code false} for {@code
   *     application/x-www-form-urlencoded}
   * @param maxFields the most fields in one body
   * @param maxFieldSize the largest decoded attribute value, in bytes
   * @param maxFileSize the largest uploaded file, in bytes
   * @param maxHeaderSize the largest header block of one multipart part, in bytes
   * @return the decoder, which the caller must destroy
   */
  public static HttpPostRequestDecoder create(
      HttpDataFactory factory,
      HttpRequest request,
      boolean multipart,
      int maxFields,
      long maxFieldSize,
      long maxFileSize,
      int maxHeaderSize) {
    DecoderLimits limits = new DecoderLimits(maxFields, maxFieldSize, maxFileSize, maxHeaderSize);
    return multipart
        ? new MultipartDecoder(factory, request, limits)
        : new UrlEncodedDecoder(factory, request, limits);
  }
}
