package io.tern.codec.http.multipart;

import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.multipart.internal.PostDecoders;
import java.util.List;
import java.util.Objects;

/**
 * Decodes the body of a POST request, {@code multipart/form-data} or {@code
 * application/x-www-form-urlencoded}, into {@link HttpData} fields as the content arrives.
 *
 * <pre>{@code
 * HttpPostRequestDecoder decoder = HttpPostRequestDecoder.create(factory, request);
 * try {
 *   // for each HttpContent of the request (a FullHttpRequest is offered at creation):
 *   decoder.offer(content);                 // the caller still releases content
 *   while (decoder.hasNext()) {
 *     HttpData field = decoder.next();      // completed; still owned by the decoder
 *     ...
 *   }
 * } finally {
 *   decoder.destroy();                      // releases every field and deletes their files
 * }
 * }</pre>
 *
 * <p><b>Streaming.</b> {@link #offer(HttpContent)} decodes what it can and keeps only an undecoded
 * tail (at most a delimiter's length in a part's body, at most {@link Builder#maxHeaderSize(int)}
 * in part headers). Field bytes are copied out of that tail into the field's storage as soon as
 * they are known not to be a delimiter, so a large file streams to disk while it uploads and later
 * decoding can never corrupt a decoded field. Delimiters are found by bulk scans that resume where
 * the previous scan stopped; nothing is read byte by byte from the offered buffers, which are
 * copied once, in bulk.
 *
 * <p><b>Limits.</b> Every limit of {@link Builder} has a default; exceeding one throws {@link
 * HttpPostLimitException}. Malformed input throws {@link HttpPostDecoderException}. Either way the
 * decoder is failed and further {@code offer} calls throw {@link IllegalStateException}.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe: one thread at a time, normally the channel's event loop.
 *
 * <h2>Ownership</h2>
 *
 * The decoder owns every field it creates, including those returned by {@link #next()}, until
 * {@link #destroy()}, which releases them all (and its own buffer) in one call: always call it,
 * also after a failure. Retain a field to keep it longer. A decoder never destroyed is reported by
 * the leak detector.
 */
public interface HttpPostRequestDecoder {
  /**
   * Creates a decoder with default limits, choosing multipart or urlencoded from the request's
   * {@code Content-Type}. A {@link io.tern.codec.http.FullHttpRequest} is offered right away.
   *
   * @param factory where fields keep their bytes
   * @param request the request head (or full request)
   * @return the decoder, which the caller must {@link #destroy()}
   * @throws HttpPostDecoderException if the request is multipart without a boundary, or its content
   *     is malformed
   */
  static HttpPostRequestDecoder create(HttpDataFactory factory, HttpRequest request) {
    return builder(factory).build(request);
  }

  /**
   * Returns a builder with default limits.
   *
   * @param factory where fields keep their bytes
   * @return the builder
   */
  static Builder builder(HttpDataFactory factory) {
    return new Builder(factory);
  }

  /**
   * Returns whether a request carries {@code multipart/form-data}.
   *
   * @param request the request
   * @return {@code true} for a multipart form
   */
  static boolean isMultipart(HttpRequest request) {
    CharSequence contentType = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
    return contentType != null
        && HttpHeaderValues.MULTIPART_FORM_DATA.contentEqualsIgnoreCase(
            HttpUtil.mimeType(contentType));
  }

  /**
   * Decodes a piece of the body. The caller keeps ownership of {@code content} (and releases it);
   * its reader index is not moved. A {@link io.tern.codec.http.LastHttpContent} ends the body.
   *
   * @param content the next piece
   * @throws HttpPostDecoderException if the body is malformed
   * @throws HttpPostLimitException if a limit is exceeded
   * @throws IllegalStateException if the decoder was destroyed, failed or already saw the end
   */
  void offer(HttpContent content);

  /**
   * Returns whether a completed field is waiting to be taken by {@link #next()}.
   *
   * @return {@code true} if {@link #next()} returns a field
   */
  boolean hasNext();

  /**
   * Takes the next completed field, in body order. The decoder still owns it.
   *
   * @return the field
   * @throws java.util.NoSuchElementException if none is waiting
   */
  HttpData next();

  /**
   * Returns the field being decoded, not yet completed (for progress reporting).
   *
   * @return the partial field, or {@code null}
   */
  HttpData currentPartialHttpData();

  /**
   * Returns every completed field so far, in body order, whether or not {@link #next()} returned
   * it. The decoder still owns them.
   *
   * @return an unmodifiable snapshot
   */
  List<HttpData> bodyHttpDatas();

  /**
   * Returns the completed fields with a name.
   *
   * @param name the field name
   * @return an unmodifiable list, empty if there are none
   */
  List<HttpData> bodyHttpDatas(String name);

  /**
   * Returns the first completed field with a name.
   *
   * @param name the field name
   * @return the field, or {@code null}
   */
  HttpData bodyHttpData(String name);

  /**
   * Returns whether the whole body has been decoded (the last content was offered and the body was
   * complete).
   *
   * @return {@code true} at the end of the body
   */
  boolean isEndOfData();

  /**
   * Returns whether this decoder reads {@code multipart/form-data}.
   *
   * @return {@code true} for multipart, {@code false} for urlencoded
   */
  boolean isMultipart();

  /**
   * Releases every field this decoder created (deleting their temporary files unless retained or
   * moved) and the decoder's buffer. Idempotent.
   */
  void destroy();

  /**
   * Limits and settings of a decoder; every limit has a documented default. Not thread-safe;
   * reusable for several decoders.
   */
  final class Builder {
    /** Default {@link #maxFields(int)}: 128. */
    public static final int DEFAULT_MAX_FIELDS = 128;

    /** Default {@link #maxFieldSize(long)}: 64 KiB. */
    public static final long DEFAULT_MAX_FIELD_SIZE = 64 * 1024;

    /** Default {@link #maxFileSize(long)}: 16 MiB. */
    public static final long DEFAULT_MAX_FILE_SIZE = 16 * 1024 * 1024;

    /** Default {@link #maxHeaderSize(int)}: 8 KiB. */
    public static final int DEFAULT_MAX_HEADER_SIZE = 8 * 1024;

    private final HttpDataFactory factory;
    private int maxFields = DEFAULT_MAX_FIELDS;
    private long maxFieldSize = DEFAULT_MAX_FIELD_SIZE;
    private long maxFileSize = DEFAULT_MAX_FILE_SIZE;
    private int maxHeaderSize = DEFAULT_MAX_HEADER_SIZE;

    private Builder(HttpDataFactory factory) {
      this.factory = Objects.requireNonNull(factory, "factory");
    }

    /**
     * Sets the maximum number of fields (attributes and files) in one body (default {@value
     * #DEFAULT_MAX_FIELDS}).
     *
     * @param maxFields at least 1
     * @return this builder
     */
    public Builder maxFields(int maxFields) {
      this.maxFields = positive(maxFields, "maxFields");
      return this;
    }

    /**
     * Sets the maximum size of one attribute's decoded value (default 64 KiB).
     *
     * @param maxFieldSize bytes, at least 1
     * @return this builder
     */
    public Builder maxFieldSize(long maxFieldSize) {
      this.maxFieldSize = positive(maxFieldSize, "maxFieldSize");
      return this;
    }

    /**
     * Sets the maximum size of one uploaded file (default 16 MiB).
     *
     * @param maxFileSize bytes, at least 1
     * @return this builder
     */
    public Builder maxFileSize(long maxFileSize) {
      this.maxFileSize = positive(maxFileSize, "maxFileSize");
      return this;
    }

    /**
     * Sets the maximum size of the headers of one multipart part (default 8 KiB).
     *
     * @param maxHeaderSize bytes, at least 1
     * @return this builder
     */
    public Builder maxHeaderSize(int maxHeaderSize) {
      this.maxHeaderSize = positive(maxHeaderSize, "maxHeaderSize");
      return this;
    }

    private static int positive(int v, String name) {
      if (v <= 0) {
        throw new IllegalArgumentException(name + ": " + v + " (expected: > 0)");
      }
      return v;
    }

    private static long positive(long v, String name) {
      if (v <= 0) {
        throw new IllegalArgumentException(name + ": " + v + " (expected: > 0)");
      }
      return v;
    }

    /**
     * Creates a decoder for a request, multipart or urlencoded after its {@code Content-Type}; a
     * {@link io.tern.codec.http.FullHttpRequest} is offered right away.
     *
     * @param request the request head (or full request)
     * @return the decoder, which the caller must {@link #destroy()}
     * @throws HttpPostDecoderException if the request is multipart without a boundary, or its
     *     content is malformed
     */
    public HttpPostRequestDecoder build(HttpRequest request) {
      Objects.requireNonNull(request, "request");
      HttpPostRequestDecoder decoder =
          PostDecoders.create(
              factory,
              request,
              isMultipart(request),
              maxFields,
              maxFieldSize,
              maxFileSize,
              maxHeaderSize);
      if (request instanceof HttpContent content) {
        try {
          decoder.offer(content);
        } catch (RuntimeException e) {
          decoder.destroy();
          throw e;
        }
      }
      return decoder;
    }
  }
}
