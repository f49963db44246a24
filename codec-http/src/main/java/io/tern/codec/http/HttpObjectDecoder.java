package io.tern.codec.http;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.common.AsciiString;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;
import java.util.Objects;

/**
 * Decodes HTTP/1.1 messages (RFC 9112) from bytes into an {@link HttpMessage} followed by {@link
 * HttpContent}s, the last one a {@link LastHttpContent} ({@link LastHttpContent#EMPTY_LAST_CONTENT}
 * when there is no content). The two kinds are {@link HttpRequestDecoder} and {@link
 * HttpResponseDecoder}; {@link HttpServerCodec} and {@link HttpClientCodec} decode the same way and
 * add what a connection's exchange knows (responses to {@code HEAD}, {@code CONNECT}, upgrades).
 *
 * <h2>Parsing</h2>
 *
 * The head (first line and header fields) is scanned for line feeds eight bytes at a time over the
 * buffer's own memory, read in place (its array or its native segment; only a composite buffer is
 * copied, into an array that grows as bytes arrive). The scan resumes where it stopped when the
 * head is incomplete. Once the empty line is found, the head is copied once into an array of its
 * exact size, and header values become {@link AsciiString} views of that array: no per-header copy.
 * Names that are {@link HttpHeaderNames} constants are stored as the constant; others as views.
 * Content is passed on as retained slices of the cumulation, at most {@link
 * HttpDecoderConfig#maxChunkSize()} bytes each.
 *
 * <h2>Strictness</h2>
 *
 * Each of these makes the message invalid ({@link InvalidHttpMessageException}): a line not ending
 * in CRLF (bare LF) or holding a bare CR; NUL or another control character in the head; an obs-fold
 * (a header line starting with whitespace); whitespace between a field name and its colon; a field
 * name that is not a token; more than one {@code Content-Length} or {@code Transfer-Encoding}
 * field; a {@code Content-Length} that is not plain decimal digits; {@code Content-Length} together
 * with {@code Transfer-Encoding}; a transfer coding other than exactly {@code chunked}; {@code
 * Transfer-Encoding} in an HTTP/1.0 message; a malformed chunk-size line or chunk extension; chunk
 * data not followed by CRLF. Oversized lines and headers fail with {@link TooLongHttpLineException}
 * and {@link TooLongHttpHeaderException}.
 *
 * <h2>Failure</h2>
 *
 * An invalid message ends decoding for the connection: the decoder passes on one last object whose
 * {@link HttpObject#decoderResult()} is the failure (a bad head becomes a full message with empty
 * content; bad content a {@link LastHttpContent}) and from then on discards every byte. {@link
 * #reset()} starts again.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel (it keeps where it is in a message).
 *
 * <h2>Ownership</h2>
 *
 * Inbound buffers are the decoder's (see {@link ByteToMessageDecoder}); content is passed on as
 * retained slices of them, and every object passed on belongs to the next handler, which releases
 * it. Nothing it passed on stays referenced by it.
 */
public abstract sealed class HttpObjectDecoder extends ByteToMessageDecoder
    permits HttpRequestDecoder, HttpResponseDecoder {
  private final HttpDecoderConfig config;
  private final HttpMessageReader reader;

  HttpObjectDecoder(
      HttpDecoderConfig config, StartLine startLine, HttpMessageReader.Exchange rule) {
    this.config = Objects.requireNonNull(config, "config");
    this.reader = new HttpMessageReader(config, startLine, rule);
  }

  /**
   * Returns the decoder's limits.
   *
   * @return the configuration
   */
  public HttpDecoderConfig config() {
    return config;
  }

  /** Goes back to reading a new message, dropping a failure or pass-through state. */
  public void reset() {
    reader.reset();
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    HttpObject failed = reader.read(in, out);
    if (failed != null) {
      out.add(failed);
    }
  }

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    HttpObject failed = reader.readLast(in, out);
    if (failed != null) {
      out.add(failed);
    }
  }
}
