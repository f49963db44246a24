package io.tern.codec.http.multipart.internal;

import io.tern.codec.http.multipart.FileUpload;
import io.tern.codec.http.multipart.HttpDataFactory;
import java.nio.charset.Charset;
import java.util.Objects;

/** A file decoded from a multipart body. */
final class DefaultFileUpload extends AbstractHttpData implements FileUpload {
  private final String filename;
  private final String contentType;
  private final String contentTransferEncoding;

  DefaultFileUpload(
      String name,
      String filename,
      String contentType,
      String contentTransferEncoding,
      Charset charset,
      HttpDataFactory factory) {
    super(name, charset, factory);
    this.filename = Objects.requireNonNull(filename, "filename");
    this.contentType = Objects.requireNonNull(contentType, "contentType");
    this.contentTransferEncoding = contentTransferEncoding;
  }

  @Override
  public Kind kind() {
    return Kind.FILE_UPLOAD;
  }

  @Override
  public String filename() {
    return filename;
  }

  @Override
  public String contentType() {
    return contentType;
  }

  @Override
  public String contentTransferEncoding() {
    return contentTransferEncoding;
  }
}
