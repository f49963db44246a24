package io.tern.codec.http.multipart;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.DefaultHttpContent;
import io.tern.codec.http.DefaultLastHttpContent;
import io.tern.codec.http.FullHttpRequest;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpHeaderValues;
import io.tern.codec.http.HttpHeaders;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.internal.PercentCodec;
import io.tern.handler.stream.ChunkedInput;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Builds the body of a POST request for a client: {@code application/x-www-form-urlencoded} or
 * {@code multipart/form-data} with files.
 *
 * <pre>{@code
 * HttpRequest head = new DefaultHttpRequest(HTTP_1_1, POST, "/upload");
 * HttpPostRequestEncoder encoder = new HttpPostRequestEncoder(head, true);
 * encoder.addBodyAttribute("title", "holiday");
 * encoder.addBodyFileUpload("photo", Path.of("beach.jpg"), "image/jpeg");
 * HttpRequest request = encoder.finalizeRequest();
 * channel.write(request);
 * if (encoder.isChunked()) {
 *   channel.write(encoder);  // a ChunkedWriteHandler in the pipeline writes it chunk by chunk
 * }
 * channel.flush();
 * }</pre>
 *
 * <p>The encoder is a {@link ChunkedInput}: written to a pipeline with a {@code
 * ChunkedWriteHandler} it is sent chunk by chunk as the channel stays writable, and closed at the
 * end. Without one, call {@link #readChunk(ByteBufAllocator)} until {@link #isEndOfInput()} and
 * write each chunk.
 *
 * <p>A body without files is built in memory and {@link #finalizeRequest()} returns a {@link
 * FullHttpRequest} with {@code Content-Length}. A body with files from disk is streamed: the
 * request gets {@code Transfer-Encoding: chunked} and {@link #readChunk(ByteBufAllocator)} returns
 * the body in chunks of at most {@link #chunkSize()} bytes, reading the files as it goes.
 *
 * <p>Names and file names are written as browsers write them: in quotes, UTF-8, with {@code "}, CR
 * and LF escaped as {@code %22}, {@code %0D} and {@code %0A}. The boundary is random.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe. The caller owns the request and the chunks it gets; {@link #close()} closes a
 * file left open if streaming stops early.
 *
 * <h2>Ownership</h2>
 *
 * The caller owns the request and the chunks it gets; {@link #close()} closes a file left open if
 * streaming stops early.
 */
public final class HttpPostRequestEncoder implements ChunkedInput<HttpContent>, AutoCloseable {
  /** The default chunk size: 8 KiB. */
  public static final int DEFAULT_CHUNK_SIZE = 8 * 1024;

  private static final byte[] CRLF = {'\r', '\n'};

  private final HttpRequest request;
  private final boolean multipart;
  private final Charset charset;
  private final String boundary;
  private final List<Object> segments = new ArrayList<>(); // byte[] or FileSegment
  private final StringBuilder urlencoded = new StringBuilder();
  private int chunkSize = DEFAULT_CHUNK_SIZE;
  private boolean hasFiles;
  private boolean finalized;

  // Streaming state.
  private int segmentIndex;
  private long segmentOffset;
  private FileChannel openFile;
  private boolean endOfInput;
  private long progress;
  private long length;

  private record FileSegment(Path path, long size) {}

  /**
   * Creates an encoder writing UTF-8.
   *
   * @param request the request head (not a {@link FullHttpRequest}): its headers get {@code
   *     Content-Type} and the length or chunked coding
   * @param multipart {@code true} for {@code multipart/form-data}, {@code false} for urlencoded
   */
  public HttpPostRequestEncoder(HttpRequest request, boolean multipart) {
    this(request, multipart, StandardCharsets.UTF_8);
  }

  /**
   * Creates an encoder.
   *
   * @param request the request head (not a {@link FullHttpRequest})
   * @param multipart {@code true} for {@code multipart/form-data}, {@code false} for urlencoded
   * @param charset the charset of names and values
   */
  public HttpPostRequestEncoder(HttpRequest request, boolean multipart, Charset charset) {
    this.request = Objects.requireNonNull(request, "request");
    if (request instanceof FullHttpRequest) {
      throw new IllegalArgumentException("pass the request head, not a FullHttpRequest");
    }
    this.multipart = multipart;
    this.charset = Objects.requireNonNull(charset, "charset");
    byte[] random = new byte[12];
    ThreadLocalRandom.current().nextBytes(random);
    this.boundary = "----TernFormBoundary" + HexFormat.of().formatHex(random);
  }

  /**
   * Returns the boundary of a multipart body.
   *
   * @return the boundary
   */
  public String boundary() {
    return boundary;
  }

  /**
   * Returns the size of the chunks {@link #readChunk(ByteBufAllocator)} returns.
   *
   * @return bytes per chunk
   */
  public int chunkSize() {
    return chunkSize;
  }

  /**
   * Sets the chunk size (default {@value #DEFAULT_CHUNK_SIZE}).
   *
   * @param chunkSize bytes per chunk, at least 1
   */
  public void chunkSize(int chunkSize) {
    if (chunkSize <= 0) {
      throw new IllegalArgumentException("chunkSize: " + chunkSize + " (expected: > 0)");
    }
    this.chunkSize = chunkSize;
  }

  /**
   * Adds a form field.
   *
   * @param name the name
   * @param value the value
   */
  public void addBodyAttribute(String name, String value) {
    checkOpen();
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
    if (!multipart) {
      if (!urlencoded.isEmpty()) {
        urlencoded.append('&');
      }
      PercentCodec.encode(urlencoded, name, charset);
      urlencoded.append('=');
      PercentCodec.encode(urlencoded, value, charset);
      return;
    }
    String head =
        "--"
            + boundary
            + "\r\nContent-Disposition: form-data; name=\""
            + escape(name)
            + "\"\r\n\r\n";
    segments.add(head.getBytes(charset));
    segments.add(value.getBytes(charset));
    segments.add(CRLF);
  }

  /**
   * Adds a file from disk, named after the file; it is read while the body streams.
   *
   * @param name the field name
   * @param file the file
   * @param contentType its media type, for example {@code image/jpeg}
   * @throws IOException if the file's size cannot be read
   */
  public void addBodyFileUpload(String name, Path file, String contentType) throws IOException {
    addBodyFileUpload(name, file.getFileName().toString(), file, contentType);
  }

  /**
   * Adds a file from disk; it is read while the body streams.
   *
   * @param name the field name
   * @param filename the file name to send
   * @param file the file
   * @param contentType its media type, for example {@code image/jpeg}
   * @throws IOException if the file's size cannot be read
   */
  public void addBodyFileUpload(String name, String filename, Path file, String contentType)
      throws IOException {
    checkFileAllowed();
    segments.add(fileHead(name, filename, contentType));
    segments.add(new FileSegment(file, Files.size(file)));
    segments.add(CRLF);
    hasFiles = true;
  }

  /**
   * Adds a file from memory.
   *
   * @param name the field name
   * @param filename the file name to send
   * @param content the bytes (not copied; do not change them until the body is sent)
   * @param contentType its media type
   */
  public void addBodyFileUpload(String name, String filename, byte[] content, String contentType) {
    checkFileAllowed();
    segments.add(fileHead(name, filename, contentType));
    segments.add(Objects.requireNonNull(content, "content"));
    segments.add(CRLF);
  }

  private void checkFileAllowed() {
    checkOpen();
    if (!multipart) {
      throw new IllegalStateException("file uploads need a multipart body");
    }
  }

  private byte[] fileHead(String name, String filename, String contentType) {
    String head =
        "--"
            + boundary
            + "\r\nContent-Disposition: form-data; name=\""
            + escape(Objects.requireNonNull(name, "name"))
            + "\"; filename=\""
            + escape(Objects.requireNonNull(filename, "filename"))
            + "\"\r\nContent-Type: "
            + Objects.requireNonNull(contentType, "contentType")
            + "\r\n\r\n";
    return head.getBytes(charset);
  }

  private static String escape(String s) {
    return s.replace("\"", "%22").replace("\r", "%0D").replace("\n", "%0A");
  }

  private void checkOpen() {
    if (finalized) {
      throw new IllegalStateException("the request was already finalized");
    }
  }

  /**
   * Sets the request's body headers and returns the request to send.
   *
   * @return a {@link FullHttpRequest} carrying the body (the caller owns it), or, when files stream
   *     from disk, the head with {@code Transfer-Encoding: chunked}
   */
  public HttpRequest finalizeRequest() {
    checkOpen();
    finalized = true;
    HttpHeaders h = request.headers();
    if (!multipart) {
      h.set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_X_WWW_FORM_URLENCODED);
      segments.add(urlencoded.toString().getBytes(StandardCharsets.US_ASCII));
    } else {
      h.set(HttpHeaderNames.CONTENT_TYPE, "multipart/form-data; boundary=" + boundary);
      segments.add(("--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
    }
    for (Object s : segments) {
      length += s instanceof byte[] b ? b.length : ((FileSegment) s).size();
    }
    if (hasFiles) {
      HttpUtil.setTransferEncodingChunked(request, true);
      return request;
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream((int) length);
    for (Object s : segments) {
      body.writeBytes((byte[]) s);
    }
    endOfInput = true;
    progress = length;
    HttpUtil.setTransferEncodingChunked(request, false);
    HttpUtil.setContentLength(request, length);
    return new DefaultFullHttpRequest(
        request.protocolVersion(),
        request.method(),
        request.uri(),
        Unpooled.wrappedBuffer(body.toByteArray()),
        h,
        HttpHeaders.newTrailers());
  }

  /**
   * Returns whether the body streams as chunks (it has files from disk).
   *
   * @return {@code true} if {@link #readChunk(ByteBufAllocator)} must be called
   * @throws IllegalStateException before {@link #finalizeRequest()}
   */
  public boolean isChunked() {
    if (!finalized) {
      throw new IllegalStateException("finalizeRequest() first");
    }
    return hasFiles;
  }

  /**
   * Returns the body length in bytes.
   *
   * @return the length, known after {@link #finalizeRequest()}
   */
  @Override
  public long length() {
    return length;
  }

  /**
   * Returns how many body bytes the chunks returned so far hold.
   *
   * @return the bytes produced
   */
  @Override
  public long progress() {
    return progress;
  }

  /**
   * Returns whether every chunk has been returned.
   *
   * @return {@code true} after the {@link io.tern.codec.http.LastHttpContent}
   */
  @Override
  public boolean isEndOfInput() {
    return endOfInput;
  }

  /**
   * Returns the next chunk of a streamed body.
   *
   * @param alloc allocates the chunk's buffer
   * @return the next chunk, owned by the caller; a {@link io.tern.codec.http.LastHttpContent} at
   *     the end
   * @throws IOException if reading a file fails (the file is closed)
   * @throws IllegalStateException if the body is not chunked or already finished
   */
  @Override
  public HttpContent readChunk(ByteBufAllocator alloc) throws IOException {
    if (!isChunked() || endOfInput) {
      throw new IllegalStateException(endOfInput ? "end of input" : "the body is not chunked");
    }
    ByteBuf chunk = alloc.buffer(chunkSize);
    try {
      while (chunk.isWritable() && segmentIndex < segments.size()) {
        Object s = segments.get(segmentIndex);
        if (s instanceof byte[] bytes) {
          int n = (int) Math.min(chunk.writableBytes(), bytes.length - segmentOffset);
          chunk.writeBytes(bytes, (int) segmentOffset, n);
          advance(n, bytes.length);
        } else {
          FileSegment f = (FileSegment) s;
          if (openFile == null) {
            openFile = FileChannel.open(f.path(), StandardOpenOption.READ);
          }
          int want = (int) Math.min(chunk.writableBytes(), f.size() - segmentOffset);
          int n = want == 0 ? 0 : chunk.writeBytes(openFile, segmentOffset, want);
          if (n < 0) {
            throw new IOException("file " + f.path() + " shrank while it was being sent");
          }
          advance(n, f.size());
          if (segmentOffset == 0) {
            openFile.close();
            openFile = null;
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      chunk.release();
      close();
      throw e;
    }
    progress += chunk.readableBytes();
    if (segmentIndex == segments.size()) {
      endOfInput = true;
      return new DefaultLastHttpContent(chunk);
    }
    return new DefaultHttpContent(chunk);
  }

  private void advance(int n, long segmentLength) {
    segmentOffset += n;
    if (segmentOffset == segmentLength) {
      segmentIndex++;
      segmentOffset = 0;
    }
  }

  /** Closes a file left open by an unfinished stream. */
  @Override
  public void close() throws IOException {
    if (openFile != null) {
      FileChannel f = openFile;
      openFile = null;
      f.close();
    }
  }
}
