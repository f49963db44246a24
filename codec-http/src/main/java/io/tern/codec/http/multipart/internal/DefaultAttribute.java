package io.tern.codec.http.multipart.internal;

import io.tern.codec.http.multipart.Attribute;
import io.tern.codec.http.multipart.HttpDataFactory;
import java.io.IOException;
import java.nio.charset.Charset;

/** A form field decoded by one of the POST decoders. */
final class DefaultAttribute extends AbstractHttpData implements Attribute {
  DefaultAttribute(String name, Charset charset, HttpDataFactory factory) {
    super(name, charset, factory);
  }

  @Override
  public Kind kind() {
    return Kind.ATTRIBUTE;
  }

  @Override
  public String value() throws IOException {
    return string();
  }
}
