package io.tern.codec.http;

import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import io.tern.transport.channel.DefaultFileRegion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * Serves the files of one directory to {@code GET} and {@code HEAD} requests. Put it after {@link
 * HttpServerCodec} (and {@link HttpServerKeepAliveHandler}); it answers every request it reads.
 *
 * <ul>
 *   <li><b>Zero copy.</b> A file's bytes are written as a {@link DefaultFileRegion} ({@code
 *       sendfile}/{@code transferTo} on plain TCP), never through the heap. A {@code FileRegion}
 *       cannot pass through TLS or a content compressor: over TLS use a chunked writer instead, and
 *       do not put {@link HttpContentCompressor} in front of this handler.
 *   <li><b>Paths.</b> The request path is percent-decoded; a path holding a {@code ..} or hidden
 *       ({@code .name}) segment, a backslash or NUL is refused ({@code 404}), and so is any file
 *       whose real path (symbolic links followed) is outside the root. A directory is served as its
 *       {@code index.html}; without one it is {@code 404} (no listings).
 *   <li><b>Caching.</b> {@code Last-Modified} on every file; {@code If-Modified-Since} at or after
 *       it is answered {@code 304 Not Modified}.
 *   <li><b>Ranges.</b> A single {@code Range: bytes=…} is answered {@code 206 Partial Content} with
 *       {@code Content-Range}; one no byte satisfies {@code 416} with {@code Content-Range: bytes
 *       *}{@code /size}; several ranges, other units and malformed values get the whole file
 *       ({@code 200}), as RFC 9110 allows. {@code Accept-Ranges: bytes} is on every file.
 *   <li><b>Content type</b> by file extension ({@code text/*} types with {@code charset=utf-8}),
 *       {@code application/octet-stream} otherwise. Other methods get {@code 405} with {@code
 *       Allow: GET, HEAD}.
 * </ul>
 *
 * <p>File system calls are blocking but short (attributes and an open); the event loop does them.
 * Threading: the channel's event loop; stateless apart from its root, so one instance may serve
 * every channel. Ownership: it releases every message it reads; a file region it writes belongs to
 * the channel, which closes the file once it is written or failed.
 */
public class HttpStaticFileHandler implements ChannelHandler {
  private final Path root;

  /**
   * Creates a handler serving {@code root}.
   *
   * @param root an existing directory
   * @throws IOException if {@code root} is not a directory or cannot be resolved
   */
  public HttpStaticFileHandler(Path root) throws IOException {
    Objects.requireNonNull(root, "root");
    if (!Files.isDirectory(root)) {
      throw new IOException("not a directory: " + root);
    }
    this.root = root.toRealPath();
  }

  /**
   * Returns the directory served.
   *
   * @return its real path
   */
  public Path root() {
    return root;
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
    if (!HttpMethod.GET.equals(method) && !HttpMethod.HEAD.equals(method)) {
      HttpResponse response = status(HttpResponseStatus.METHOD_NOT_ALLOWED);
      response.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
      ctx.write(response);
      ctx.write(LastHttpContent.EMPTY_LAST_CONTENT);
      return;
    }
    Path file = resolve(request.uri());
    BasicFileAttributes attributes = file == null ? null : attributes(file);
    if (attributes != null && attributes.isDirectory()) {
      file = file.resolve("index.html");
      attributes = attributes(file);
    }
    if (attributes == null || !attributes.isRegularFile() || !inRoot(file)) {
      ctx.write(status(HttpResponseStatus.NOT_FOUND));
      ctx.write(LastHttpContent.EMPTY_LAST_CONTENT);
      return;
    }
    long modifiedSeconds = attributes.lastModifiedTime().toMillis() / 1000;
    String since = request.headers().get(HttpHeaderNames.IF_MODIFIED_SINCE);
    if (since != null) {
      long sinceMillis = DateFormatter.parseMillis(since, Long.MIN_VALUE);
      if (sinceMillis != Long.MIN_VALUE && modifiedSeconds <= sinceMillis / 1000) {
        HttpResponse notModified =
            new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.NOT_MODIFIED);
        notModified.headers().set(HttpHeaderNames.DATE, HttpDateCache.system().currentDate());
        notModified
            .headers()
            .set(HttpHeaderNames.LAST_MODIFIED, DateFormatter.formatAscii(modifiedSeconds * 1000));
        ctx.write(notModified);
        ctx.write(LastHttpContent.EMPTY_LAST_CONTENT);
        return;
      }
    }
    long size = attributes.size();
    HttpByteRange range = HttpByteRange.parse(request.headers().get(HttpHeaderNames.RANGE), size);
    if (range == HttpByteRange.UNSATISFIABLE) {
      HttpResponse response = status(HttpResponseStatus.REQUESTED_RANGE_NOT_SATISFIABLE);
      response.headers().set(HttpHeaderNames.CONTENT_RANGE, "bytes */" + size);
      ctx.write(response);
      ctx.write(LastHttpContent.EMPTY_LAST_CONTENT);
      return;
    }
    boolean partial = range != HttpByteRange.WHOLE;
    long first = partial ? range.first() : 0;
    long length = partial ? range.length() : size;
    HttpResponse response =
        new DefaultHttpResponse(
            HttpVersion.HTTP_1_1,
            partial ? HttpResponseStatus.PARTIAL_CONTENT : HttpResponseStatus.OK);
    HttpHeaders headers = response.headers();
    headers.set(HttpHeaderNames.CONTENT_TYPE, MediaTypes.of(file.getFileName().toString()));
    headers.set(HttpHeaderNames.DATE, HttpDateCache.system().currentDate());
    headers.set(HttpHeaderNames.LAST_MODIFIED, DateFormatter.formatAscii(modifiedSeconds * 1000));
    headers.set(HttpHeaderNames.ACCEPT_RANGES, HttpHeaderValues.BYTES);
    if (partial) {
      headers.set(
          HttpHeaderNames.CONTENT_RANGE,
          "bytes " + range.first() + "-" + range.last() + "/" + size);
    }
    HttpUtil.setContentLength(response, length);
    ctx.write(response);
    if (HttpMethod.GET.equals(method) && length > 0) {
      ctx.write(new DefaultFileRegion(file, first, length));
    }
    ctx.write(LastHttpContent.EMPTY_LAST_CONTENT);
  }

  private static HttpResponse status(HttpResponseStatus status) {
    HttpResponse response = new DefaultHttpResponse(HttpVersion.HTTP_1_1, status);
    response.headers().set(HttpHeaderNames.CONTENT_LENGTH, HttpHeaderValues.ZERO);
    return response;
  }

  /** Maps a request target to a file under the root, or {@code null} if it may not be served. */
  private Path resolve(String uri) {
    String path;
    try {
      path = new QueryStringDecoder(uri).path();
    } catch (IllegalArgumentException e) {
      return null; // a malformed escape
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
