package io.tern.codec.http.multipart.internal;

import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.internal.PercentCodec;
import io.tern.codec.http.multipart.HttpDataFactory;
import io.tern.codec.http.multipart.HttpPostDecoderException;
import io.tern.codec.http.multipart.HttpPostLimitException;
import java.io.IOException;
import java.nio.charset.Charset;

/**
 * Decodes {@code application/x-www-form-urlencoded}: {@code name=value} pairs separated by {@code
 * &}, percent-encoded, {@code +} meaning a space. A field is complete at its {@code &} (or at the
 * end of the body); values are percent-decoded in place in the undecoded bytes and copied into the
 * field once. Fields with an empty name are skipped; a field without {@code =} has an empty value.
 */
final class UrlEncodedDecoder extends AbstractPostDecoder {
  private static final int MAX_NAME = 1024;

  private final Charset charset;

  /**
   * Creates a decoder.
   *
   * @param factory where fields keep their bytes
   * @param request the request head (its {@code Content-Type} charset, if any, is used)
   * @param limits the limits
   */
  UrlEncodedDecoder(HttpDataFactory factory, HttpRequest request, DecoderLimits limits) {
    super(factory, limits);
    this.charset = HttpUtil.charset(request, factory.charset());
  }

  @Override
  public boolean isMultipart() {
    return false;
  }

  @Override
  void decode(boolean last) throws IOException {
    while (true) {
      int amp = indexOf((byte) '&', Math.max(start, scan), end);
      if (amp < 0) {
        if (!last) {
          scan = end;
          long pendingMax = limits.maxFieldSize() * 3 + MAX_NAME; // escapes triple a value
          if (end - start > pendingMax) {
            throw tooLarge();
          }
          return;
        }
        amp = end;
      }
      field(start, amp);
      start = Math.min(amp + 1, end);
      scan = start;
      if (amp == end) {
        return;
      }
    }
  }

  private HttpPostLimitException tooLarge() {
    return new HttpPostLimitException(
        HttpPostLimitException.Limit.FIELD_SIZE,
        "a field is larger than " + limits.maxFieldSize() + " bytes");
  }

  private void field(int from, int to) throws IOException {
    if (from == to) {
      return;
    }
    int eq = indexOf((byte) '=', from, to);
    int nameEnd = eq < 0 ? to : eq;
    if (nameEnd == from) {
      return;
    }
    try {
      String name = PercentCodec.decode(buf, from, nameEnd, charset, true);
      DefaultAttribute a = newAttribute(name, charset);
      if (eq >= 0) {
        int valueEnd = PercentCodec.decodeInPlace(buf, eq + 1, to, true);
        if (valueEnd - (eq + 1) > limits.maxFieldSize()) {
          throw tooLarge();
        }
        append(a, eq + 1, valueEnd);
      }
      complete(a);
    } catch (HttpPostDecoderException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw new HttpPostDecoderException(e.getMessage(), e);
    }
  }
}
