package io.tern.examples.http;

import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultFullHttpResponse;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.HttpVersion;
import io.tern.codec.http.LastHttpContent;
import io.tern.codec.http.multipart.FileUpload;
import io.tern.codec.http.multipart.HttpData;
import io.tern.codec.http.multipart.HttpDataFactory;
import io.tern.codec.http.multipart.HttpPostDecoderException;
import io.tern.codec.http.multipart.HttpPostRequestDecoder;
import io.tern.common.ReferenceCountUtil;
import io.tern.transport.channel.ChannelHandler;
import io.tern.transport.channel.ChannelHandlerContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Receives {@code POST /upload} forms ({@code multipart/form-data} or urlencoded) as they stream in
 * and answers with a plain-text report: one line per field ({@code field NAME = VALUE}) and per
 * file ({@code file NAME "FILENAME" BYTES bytes -> STORED}). Files are streamed to disk by the
 * decoder (its factory's directory) while they upload, then moved into the upload directory under a
 * sanitised, unique name. {@code GET /} answers a small HTML form; anything else {@code 404}.
 *
 * <p>One instance per channel (it holds the decoder of the request in progress); callbacks run on
 * the channel's event loop. It releases every message it reads and destroys each decoder (which
 * deletes temporary files) when its request ends, fails or the channel closes.
 */
public final class HttpUploadServerHandler implements ChannelHandler {
  private static final String FORM =
      """
      <!doctype html><title>tern upload</title>
      <form method="post" action="/upload" enctype="multipart/form-data">
      <input name="comment"> <input type="file" name="file" multiple> <button>Upload</button>
      </form>
      """;

  private final HttpDataFactory factory;
  private final Path directory;
  private final long maxFileSize;
  private HttpPostRequestDecoder decoder;
  private StringBuilder report;
  private boolean ignoreContent;

  /**
   * Creates a handler.
   *
   * @param factory where fields keep their bytes while decoding (temporary files)
   * @param directory where uploaded files are stored
   * @param maxFileSize the largest file accepted
   */
  public HttpUploadServerHandler(HttpDataFactory factory, Path directory, long maxFileSize) {
    this.factory = factory;
    this.directory = directory;
    this.maxFileSize = maxFileSize;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof HttpRequest request) {
        begin(ctx, request); // a full request is offered to the decoder here
      } else if (msg instanceof HttpContent content && decoder != null) {
        decoder.offer(content);
      }
      if (decoder != null) {
        while (decoder.hasNext()) {
          store(decoder.next());
        }
        if (msg instanceof LastHttpContent) {
          respond(ctx, HttpResponseStatus.OK, report.toString());
          finish();
        }
      } else if (ignoreContent && msg instanceof LastHttpContent) {
        ignoreContent = false;
      }
    } catch (HttpPostDecoderException e) { // malformed or over a limit
      finish();
      ignoreContent = !(msg instanceof LastHttpContent);
      respond(ctx, HttpResponseStatus.BAD_REQUEST, e.getMessage() + "\n");
    } catch (IOException e) {
      finish();
      ignoreContent = !(msg instanceof LastHttpContent);
      respond(ctx, HttpResponseStatus.INTERNAL_SERVER_ERROR, "cannot store: " + e + "\n");
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  private void begin(ChannelHandlerContext ctx, HttpRequest request) {
    if (!request.decoderResult().isSuccess()) {
      return; // the server codec answers 400 itself
    }
    String path = request.target().path(); // "/upload" also for "/upload?x=1" and absolute form
    boolean upload = path.equals("/upload");
    if (HttpMethod.POST.equals(request.method()) && upload) {
      report = new StringBuilder();
      decoder = HttpPostRequestDecoder.builder(factory).maxFileSize(maxFileSize).build(request);
    } else if (HttpMethod.GET.equals(request.method()) && path.equals("/")) {
      ignoreContent = true;
      respond(ctx, HttpResponseStatus.OK, "text/html; charset=utf-8", FORM);
    } else {
      ignoreContent = true;
      respond(ctx, HttpResponseStatus.NOT_FOUND, "POST a form to /upload\n");
    }
  }

  /** Reports a completed field; moves a file into the upload directory. */
  private void store(HttpData data) throws IOException {
    if (data instanceof FileUpload file) {
      Path target = uniqueTarget(file.filename());
      file.renameTo(target); // now the application's: the decoder will not delete it
      report
          .append("file ")
          .append(file.name())
          .append(" \"")
          .append(file.filename())
          .append("\" ")
          .append(file.length())
          .append(" bytes -> ")
          .append(target.getFileName())
          .append('\n');
    } else {
      report.append("field ").append(data.name()).append(" = ").append(data.string()).append('\n');
    }
  }

  /** A name under the upload directory made only of safe characters, never an existing file. */
  private Path uniqueTarget(String clientName) throws IOException {
    String name = clientName.replaceAll(".*[/\\\\]", "").replaceAll("[^A-Za-z0-9._-]", "_");
    name = name.replaceFirst("^\\.+", "");
    if (name.isEmpty()) {
      name = "upload";
    }
    Files.createDirectories(directory);
    Path target = directory.resolve(name);
    for (int i = 1; Files.exists(target); i++) {
      target = directory.resolve(i + "-" + name);
    }
    return target;
  }

  private static void respond(ChannelHandlerContext ctx, HttpResponseStatus status, String text) {
    respond(ctx, status, "text/plain; charset=utf-8", text);
  }

  private static void respond(
      ChannelHandlerContext ctx, HttpResponseStatus status, String contentType, String text) {
    FullHttpResponse response =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, status, Unpooled.copiedBuffer(text, StandardCharsets.UTF_8));
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
    HttpUtil.setContentLength(response, response.content().readableBytes());
    ctx.writeAndFlush(response);
  }

  private void finish() {
    if (decoder != null) {
      decoder.destroy();
      decoder = null;
    }
    report = null;
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    finish(); // a request cut short: delete what it stored temporarily
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    finish();
    ctx.close();
  }
}
