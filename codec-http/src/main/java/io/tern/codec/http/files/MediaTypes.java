package io.tern.codec.http.files;

import io.tern.codec.http.HttpHeaderValues;
import io.tern.common.AsciiString;
import java.util.Locale;
import java.util.Map;

/** Content types by file-name extension, for {@link HttpStaticFileHandler}. Immutable. */
final class MediaTypes {
  private static final AsciiString OCTET_STREAM = HttpHeaderValues.APPLICATION_OCTET_STREAM;

  private static final Map<String, AsciiString> BY_EXTENSION =
      Map.ofEntries(
          text("html", "text/html"),
          text("htm", "text/html"),
          text("css", "text/css"),
          text("js", "text/javascript"),
          text("mjs", "text/javascript"),
          text("txt", "text/plain"),
          text("csv", "text/csv"),
          text("md", "text/markdown"),
          text("xml", "application/xml"),
          text("json", "application/json"),
          text("svg", "image/svg+xml"),
          binary("png", "image/png"),
          binary("jpg", "image/jpeg"),
          binary("jpeg", "image/jpeg"),
          binary("gif", "image/gif"),
          binary("webp", "image/webp"),
          binary("avif", "image/avif"),
          binary("ico", "image/vnd.microsoft.icon"),
          binary("pdf", "application/pdf"),
          binary("wasm", "application/wasm"),
          binary("zip", "application/zip"),
          binary("gz", "application/gzip"),
          binary("mp4", "video/mp4"),
          binary("webm", "video/webm"),
          binary("mp3", "audio/mpeg"),
          binary("woff", "font/woff"),
          binary("woff2", "font/woff2"));

  private MediaTypes() {}

  private static Map.Entry<String, AsciiString> text(String extension, String type) {
    return Map.entry(extension, AsciiString.cached(type + "; charset=utf-8"));
  }

  private static Map.Entry<String, AsciiString> binary(String extension, String type) {
    return Map.entry(extension, AsciiString.cached(type));
  }

  /**
   * Returns the content type of a file name.
   *
   * @param fileName the name, e.g. {@code index.html}
   * @return its type, {@code application/octet-stream} when the extension is unknown
   */
  static AsciiString of(String fileName) {
    int dot = fileName.lastIndexOf('.');
    if (dot < 0) {
      return OCTET_STREAM;
    }
    return BY_EXTENSION.getOrDefault(
        fileName.substring(dot + 1).toLowerCase(Locale.ROOT), OCTET_STREAM);
  }
}
