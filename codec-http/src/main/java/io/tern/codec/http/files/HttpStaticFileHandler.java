package io.tern.codec.http.files;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.DateFormatter;
import io.tern.codec.http.DefaultHttpResponse;
import io.tern.codec.http.HttpDateCache;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponse;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpServerCodec;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.LastHttpContent;
import io.tern.codec.http.QueryStringDecoder;
import io.tern.common.AsciiString;
import io.tern.common.ReferenceCountUtil;
import io.tern.handler.ssl.SslHandler;
import io.tern.handler.stream.ChunkedInput;
import io.tern.handler.stream.ChunkedNioFile;
import io.tern.handler.stream.ChunkedWriteHandler;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.ChannelPipeline;
import io.tern.transport.channel.DefaultFileRegion;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Serves the files of one directory to {@code GET} and {@code HEAD} requests. Put it after {@link
 * HttpServerCodec} (which closes the connection when HTTP says it ends); it answers every request
 * it reads.
 *
 * <ul>
 *   <li><b>Zero copy.</b> On plain TCP a file's bytes are written as a {@link DefaultFileRegion}
 *       ({@code sendfile}/{@code transferTo}), never through the heap.
 *   <li><b>TLS.</b> A {@code FileRegion} cannot pass through {@link SslHandler}. When one is in the
 *       pipeline in front of this handler, the bytes are written as {@link ChunkedNioFile}s through
 *       a {@link ChunkedWriteHandler}; if there is none in front of this handler, one is added just
 *       before it on the first request. Do not put {@link
 *       io.tern.codec.http.server.HttpContentCompressor} in front of this handler either (it cannot
 *       compress a file region).
 *   <li><b>Paths.</b> The request path is percent-decoded; a path holding a {@code ..} or hidden
 *       ({@code .name}) segment, a backslash or NUL is refused ({@code 404}), and so is any file
 *       whose real path (symbolic links followed) is outside the root. A directory is served as its
 *       {@code index.html}; without one it is {@code 404} (no listings).
 *   <li><b>Validators.</b> Every file has {@code Last-Modified} and a strong {@code ETag} made of
 *       its modification time and size. {@code If-Match}/{@code If-Unmodified-Since} that fail are
 *       answered {@code 412}; {@code If-None-Match} (or, without it, {@code If-Modified-Since})
 *       that holds is answered {@code 304 Not Modified} (RFC 9110, section 13).
 *   <li><b>Ranges</b> ({@code GET} only). One satisfiable range is answered {@code 206} with {@code
 *       Content-Range}; several are sorted, merged where they overlap or touch, and sent as {@code
 *       multipart/byteranges}; none satisfiable is {@code 416} with {@code Content-Range: bytes
 *       *}{@code /size}. More than {@code maxRanges} ranges, other units and malformed values get
 *       the whole file ({@code 200}), as RFC 9110 allows; so does a {@code Range} whose {@code
 *       If-Range} names another version (a weak or stale tag, or a date other than {@code
 *       Last-Modified}). {@code Accept-Ranges: bytes} is on every file.
 *   <li><b>Content type</b> by file extension ({@code text/*} types with {@code charset=utf-8}),
 *       {@code application/octet-stream} otherwise. Other methods get {@code 405} with {@code
 *       Allow: GET, HEAD}.
 * </ul>
 *
 * <p>File system calls are blocking but short (attributes and an open); the event loop does them.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; stateless apart from its settings, so one instance may serve every
 * channel.
 *
 * <h2>Ownership</h2>
 *
 * It releases every message it reads; the file regions, chunked inputs and buffers it writes belong
 * to the channel, which closes the files once they are written or failed.
 */
public class HttpStaticFileHandler implements ChannelHandler {
  /** The default for the most ranges one request may ask for: {@value}. */
  public static final int DEFAULT_MAX_RANGES = 16;

  /** TLS records hold at most 16 KiB: a chunk fills one. */
  private static final int CHUNK_SIZE = 16 * 1024;

  private final Path root;
  private final int maxRanges;

  /**
   * Creates a handler serving {@code root}, honouring at most {@link #DEFAULT_MAX_RANGES} ranges.
   *
   * @param root an existing directory
   * @throws IOException if {@code root} is not a directory or cannot be resolved
   */
  public HttpStaticFileHandler(Path root) throws IOException {
    this(root, DEFAULT_MAX_RANGES);
  }

  /**
   * Creates a handler serving {@code root}.
   *
   * @param root an existing directory
   * @param maxRanges the most ranges one {@code Range} field may hold; with more, the whole file is
   *     sent (a guard against many-range requests)
   * @throws IOException if {@code root} is not a directory or cannot be resolved
   * @throws IllegalArgumentException if {@code maxRanges} is less than 1
   */
  public HttpStaticFileHandler(Path root, int maxRanges) throws IOException {
    Objects.requireNonNull(root, "root");
    if (maxRanges < 1) {
      throw new IllegalArgumentException("maxRanges " + maxRanges);
    }
    if (!Files.isDirectory(root)) {
      throw new IOException("not a directory: " + root);
    }
    this.root = root.toRealPath();
    this.maxRanges = maxRanges;
  }

  /**
   * Returns the directory served.
   *
   * @return its real path
   */
  public Path root() {
    return root;
  }

  /**
   * Returns the most ranges one request may ask for.
   *
   * @return the limit
   */
  public int maxRanges() {
    return maxRanges;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof HttpRequest request) {
        if (request.decoderResult().isSuccess()) {
          serve(ctx, request);
        }
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
  }

  private void serve(ChannelHandlerContext ctx, HttpRequest request) {
    HttpMethod method = request.method();
    boolean get = HttpMethod.GET.equals(method);
    if (!get && !HttpMethod.HEAD.equals(method)) {
      HttpResponse response = status(HttpResponseStatus.METHOD_NOT_ALLOWED);
      response.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
      finish(ctx, response);
      return;
    }
    Path file = resolve(request);
    BasicFileAttributes attributes = file == null ? null : attributes(file);
    if (attributes != null && attributes.isDirectory()) {
      file = file.resolve("index.html");
      attributes = attributes(file);
    }
    if (attributes == null || !attributes.isRegularFile() || !inRoot(file)) {
      finish(ctx, status(HttpResponseStatus.NOT_FOUND));
      return;
    }
    long size = attributes.size();
    long modifiedMillis = attributes.lastModifiedTime().toMillis();
    HttpPreconditions validators = HttpPreconditions.forFile(modifiedMillis, size);
    HttpHeaders fields = request.headers();
    switch (validators.evaluate(fields, true)) {
      case NOT_MODIFIED -> {
        HttpResponse notModified =
            new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_MODIFIED);
        validatorHeaders(notModified.headers(), validators);
        finish(ctx, notModified);
        return;
      }
      case PRECONDITION_FAILED -> {
        finish(ctx, status(HttpResponseStatus.PRECONDITION_FAILED));
        return;
      }
      case PROCEED -> {}
    }
    List<HttpByteRange> ranges =
        get && validators.rangeApplies(fields.get(HttpHeaderNames.IF_RANGE))
            ? HttpByteRange.parse(fields.get(HttpHeaderNames.RANGE), size, maxRanges)
            : null;
    if (ranges != null && ranges.isEmpty()) {
      HttpResponse response = status(HttpResponseStatus.REQUESTED_RANGE_NOT_SATISFIABLE);
      response.headers().set(HttpHeaderNames.CONTENT_RANGE, "bytes */" + size);
      finish(ctx, response);
      return;
    }
    AsciiString type = MediaTypes.of(file.getFileName().toString());
    HttpResponse response =
        new DefaultHttpResponse(
            HttpVersion.HTTP_1_1,
            ranges == null ? HttpResponseStatus.OK : HttpResponseStatus.PARTIAL_CONTENT);
    HttpHeaders headers = response.headers();
    validatorHeaders(headers, validators);
    headers.set(HttpHeaderNames.ACCEPT_RANGES, HttpHeaderValues.BYTES);
    List<Object> body = new ArrayList<>(1);
    long length;
    try {
      boolean chunked = get && chunkedWritesNeeded(ctx);
      if (ranges == null || ranges.size() == 1) {
        HttpByteRange range = ranges == null ? new HttpByteRange(0, size - 1) : ranges.get(0);
        headers.set(HttpHeaderNames.CONTENT_TYPE, type);
        if (ranges != null) {
          headers.set(HttpHeaderNames.CONTENT_RANGE, contentRange(range, size));
        }
        length = size == 0 ? 0 : range.length();
        if (get && length > 0) {
          body.add(fileBody(file, range, chunked));
        }
      } else {
        String boundary = "tern-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        headers.set(HttpHeaderNames.CONTENT_TYPE, "multipart/byteranges; boundary=" + boundary);
        length = 0;
        for (HttpByteRange range : ranges) {
          byte[] partHead =
              ("\r\n--"
                      + boundary
                      + "\r\nContent-Type: "
                      + type
                      + "\r\nContent-Range: "
                      + contentRange(range, size)
                      + "\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII);
          length += partHead.length + range.length();
          body.add(Unpooled.wrappedBuffer(partHead));
          body.add(fileBody(file, range, chunked));
        }
        byte[] close = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII);
        length += close.length;
        body.add(Unpooled.wrappedBuffer(close));
      }
    } catch (IOException e) {
      body.forEach(HttpStaticFileHandler::discard);
      finish(ctx, status(HttpResponseStatus.NOT_FOUND)); // vanished or unreadable since the stat
      return;
    }
    HttpUtil.setContentLength(response, length);
    ctx.write(response);
    for (Object part : body) {
      ctx.write(part);
    }
    ctx.write(LastHttpContent.EMPTY_LAST_CONTENT);
  }

  private static void validatorHeaders(HttpHeaders headers, HttpPreconditions validators) {
    headers.set(HttpHeaderNames.DATE, HttpDateCache.system().currentDate());
    headers.set(
        HttpHeaderNames.LAST_MODIFIED,
        DateFormatter.formatAscii(validators.modifiedSeconds() * 1000));
    headers.set(HttpHeaderNames.ETAG, validators.etag());
  }

  private static String contentRange(HttpByteRange range, long size) {
    return "bytes " + range.first() + "-" + range.last() + "/" + size;
  }

  /** A region of the file: zero-copy, or read in chunks when it must pass through handlers. */
  private static Object fileBody(Path file, HttpByteRange range, boolean chunked)
      throws IOException {
    if (!chunked) {
      return new DefaultFileRegion(file, range.first(), range.length());
    }
    FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
    return new ChunkedNioFile(channel, range.first(), range.length(), CHUNK_SIZE);
  }

  /** Frees a body part that was never written. */
  private static void discard(Object part) {
    if (part instanceof ChunkedInput<?> input) {
      try {
        input.close();
      } catch (Exception e) {
        // Nothing more to do for a file we only read.
      }
    } else {
      ReferenceCountUtil.release(part);
    }
  }

  /**
   * Tells whether a TLS handler sits in front of this one, so file regions cannot be used; makes
   * sure a chunked writer is in front of this handler then.
   */
  private static boolean chunkedWritesNeeded(ChannelHandlerContext ctx) {
    ChannelPipeline pipeline = ctx.pipeline();
    boolean tls = false;
    boolean chunkedWriter = false;
    for (String name : pipeline.names()) {
      if (name.equals(ctx.name())) {
        break;
      }
      ChannelHandler handler = pipeline.get(name);
      tls |= handler instanceof SslHandler;
      chunkedWriter |= handler instanceof ChunkedWriteHandler;
    }
    if (tls && !chunkedWriter) {
      pipeline.addBefore(ctx.name(), null, new ChunkedWriteHandler());
    }
    return tls;
  }

  /** Writes a response without content. */
  private static void finish(ChannelHandlerContext ctx, HttpResponse response) {
    ctx.write(response);
    ctx.write(LastHttpContent.EMPTY_LAST_CONTENT);
  }

  private static HttpResponse status(HttpResponseStatus status) {
    HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, status);
    response.headers().set(HttpHeaderNames.CONTENT_LENGTH, HttpHeaderValues.ZERO);
    return response;
  }

  /**
   * Maps a request's target to a file under the root, or {@code null} if it may not be served. The
   * raw path is used (the origin or absolute form's, escapes still in): the normalised path would
   * resolve {@code ..} instead of refusing it.
   */
  private Path resolve(HttpRequest request) {
    String path;
    try {
      path = new QueryStringDecoder(request.target().rawPath()).path();
    } catch (IllegalArgumentException e) {
      return null; // a target in no form, or a malformed escape
    }
    if (!path.startsWith("/") || path.indexOf('\\') >= 0 || path.indexOf('\0') >= 0) {
      return null;
    }
    Path resolved = root;
    int start = 1;
    while (start <= path.length()) {
      int end = path.indexOf('/', start);
      if (end < 0) {
        end = path.length();
      }
      if (end > start) {
        if (path.charAt(start) == '.') {
          return null; // "..", "." and hidden files
        }
        resolved = resolved.resolve(path.substring(start, end));
      }
      start = end + 1;
    }
    return resolved;
  }

  /** Whether a file's real path (links followed) is inside the root. */
  private boolean inRoot(Path file) {
    try {
      return file.toRealPath().startsWith(root);
    } catch (IOException e) {
      return false;
    }
  }

  private static BasicFileAttributes attributes(Path file) {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class);
    } catch (IOException e) {
      return null; // missing or unreadable: 404 either way
    }
  }
}
