package io.tern.codec.http.multipart.internal;

import io.tern.codec.http.HttpHeaderNames;
import io.tern.codec.http.HttpRequest;
import io.tern.codec.http.HttpUtil;
import io.tern.codec.http.multipart.HttpDataFactory;
import io.tern.codec.http.multipart.HttpPostDecoderException;
import io.tern.codec.http.multipart.HttpPostLimitException;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * Decodes {@code multipart/form-data} (RFC 7578 over RFC 2046 framing).
 *
 * <pre>
 *   preamble
 *   CRLF "--" boundary [padding] CRLF          delimiter: DELIMITER state
 *   header: value CRLF ... CRLF                part headers: HEADERS state
 *   content                                    BODY state, until the next delimiter
 *   CRLF "--" boundary [padding] CRLF ...      next part
 *   CRLF "--" boundary "--" epilogue           close delimiter: EPILOGUE state
 * </pre>
 *
 * <p>A bare LF is accepted wherever CRLF is expected. The search pattern is {@code "\n--" +
 * boundary}: it contains one LF, at its start, so scanning for LF and comparing the rest at each
 * hit is linear in the body length whatever the content; a window whose last byte is not in the
 * pattern is skipped whole (see {@code findPattern}). The decoder starts with a virtual CRLF in
 * front of the body so that a body opening with the first delimiter needs no special case. A part's
 * body is copied into its field once, when its delimiter arrives, or in runs of about {@value
 * AbstractPostDecoder#WINDOW} bytes while a long body streams in.
 */
final class MultipartDecoder extends AbstractPostDecoder {
  private static final byte[] VIRTUAL_CRLF = {'\r', '\n'};
  private static final int MAX_BOUNDARY = 70; // RFC 2046
  private static final int MAX_PADDING = 256;

  private enum State {
    PREAMBLE,
    DELIMITER,
    HEADERS,
    BODY,
    EPILOGUE
  }

  private final byte[] pattern;
  private final boolean[] inPattern = new boolean[256];
  private final PartHeaders headers = new PartHeaders();
  private State state = State.PREAMBLE;
  private int headerBytes;
  private Charset charset;

  /**
   * Creates a decoder for a request whose {@code Content-Type} is {@code multipart/form-data}.
   *
   * @param factory where fields keep their bytes
   * @param request the request head
   * @param limits the limits
   * @throws HttpPostDecoderException if there is no valid boundary
   */
  MultipartDecoder(HttpDataFactory factory, HttpRequest request, DecoderLimits limits) {
    this(factory, limits, request.headers().get(HttpHeaderNames.CONTENT_TYPE));
  }

  private MultipartDecoder(HttpDataFactory factory, DecoderLimits limits, String contentType) {
    this(factory, limits, contentType, pattern(contentType));
  }

  // Validates before the superclass starts tracking this decoder, so a bad header leaks nothing.
  private MultipartDecoder(
      HttpDataFactory factory, DecoderLimits limits, String contentType, byte[] pattern) {
    super(factory, limits);
    this.pattern = pattern;
    for (byte b : pattern) {
      inPattern[b & 0xFF] = true;
    }
    this.charset = HttpUtil.charset(contentType, factory.charset());
    prime(VIRTUAL_CRLF);
  }

  private static byte[] pattern(String contentType) {
    String boundary = contentType == null ? null : HttpUtil.parameter(contentType, "boundary");
    if (boundary == null || boundary.isEmpty() || boundary.length() > MAX_BOUNDARY) {
      throw new HttpPostDecoderException(
          "multipart/form-data needs a boundary of 1 to 70 characters: " + contentType);
    }
    for (int i = 0; i < boundary.length(); i++) {
      char c = boundary.charAt(i);
      if (c < 0x20 || c > 0x7E) {
        throw new HttpPostDecoderException("invalid character in the multipart boundary");
      }
    }
    return ("\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
  }

  @Override
  public boolean isMultipart() {
    return true;
  }

  @Override
  void decode(boolean last) throws IOException {
    boolean progress = true;
    while (progress) {
      progress =
          switch (state) {
            case PREAMBLE -> preamble();
            case DELIMITER -> afterDelimiter();
            case HEADERS -> headerLine();
            case BODY -> body();
            case EPILOGUE -> epilogue();
          };
    }
    if (last && state != State.EPILOGUE) {
      throw new HttpPostDecoderException(
          "the multipart body ended before its closing delimiter (in "
              + state.name().toLowerCase(Locale.ROOT)
              + ")");
    }
  }

  /**
   * Finds the pattern in {@code buf[max(start, scan), end)}; remembers where to resume.
   *
   * <p>{@code i} is the first start not yet ruled out. If the last byte of the window {@code [i, i
   * + m)} occurs nowhere in the pattern, no window holding that byte matches, so {@code i} jumps by
   * {@code m} after reading one byte (most bytes of binary uploads). Otherwise the starts {@code
   * [i, i + m)} are scanned for the pattern's only LF, and the pattern is compared at an LF. Every
   * byte is read at most once by the jumps and once by the LF scans, and comparisons starting at
   * different LFs never overlap (the rest of the pattern holds no LF), so the search stays linear
   * in the body length whatever the content.
   */
  private int findPattern() {
    byte[] a = buf;
    byte[] p = pattern;
    boolean[] occurs = inPattern;
    int m = p.length;
    int last = end - m;
    int i = Math.max(start, scan);
    while (i <= last) {
      if (!occurs[a[i + m - 1] & 0xFF]) {
        i += m;
        continue;
      }
      int lf = indexOf((byte) '\n', i, Math.min(i + m, last + 1));
      if (lf < 0) {
        i = Math.min(i + m, last + 1);
      } else if (Arrays.equals(a, lf + 1, lf + m, p, 1, m)) {
        return lf;
      } else {
        i = lf + 1;
      }
    }
    scan = i;
    return -1;
  }

  private boolean preamble() {
    int i = findPattern();
    if (i < 0) {
      start = scan; // the preamble is discarded
      return false;
    }
    start = i + pattern.length;
    scan = start;
    state = State.DELIMITER;
    return true;
  }

  private boolean afterDelimiter() {
    byte[] a = buf;
    int p = start;
    if (end - p < 2) {
      return false;
    }
    if (a[p] == '-' && a[p + 1] == '-') {
      state = State.EPILOGUE;
      return true;
    }
    while (p < end && (a[p] == ' ' || a[p] == '\t')) {
      if (p - start >= MAX_PADDING) {
        throw malformed("more than " + MAX_PADDING + " bytes of padding after a delimiter");
      }
      p++;
    }
    if (p == end) {
      return false;
    }
    if (a[p] == '\r') {
      if (p + 1 == end) {
        return false;
      }
      if (a[p + 1] != '\n') {
        throw malformed("a delimiter line does not end with CRLF");
      }
      p += 2;
    } else if (a[p] == '\n') {
      p++;
    } else {
      throw malformed(
          "unexpected byte 0x" + Integer.toHexString(a[p] & 0xFF) + " after a delimiter");
    }
    start = p;
    scan = p;
    headerBytes = 0;
    headers.clear();
    state = State.HEADERS;
    return true;
  }

  private boolean headerLine() throws IOException {
    int lf = indexOf((byte) '\n', Math.max(start, scan), end);
    int max = limits.maxHeaderSize();
    if (lf < 0) {
      if (headerBytes + (end - start) > max) {
        throw headerTooLarge(max);
      }
      scan = end;
      return false;
    }
    headerBytes += lf + 1 - start;
    if (headerBytes > max) {
      throw headerTooLarge(max);
    }
    int lineEnd = lf > start && buf[lf - 1] == '\r' ? lf - 1 : lf;
    if (lineEnd == start) {
      startPart();
      state = State.BODY;
    } else {
      headers.addLine(buf, start, lineEnd, charset);
    }
    start = lf + 1;
    scan = start;
    return true;
  }

  private static HttpPostLimitException headerTooLarge(int max) {
    return new HttpPostLimitException(
        HttpPostLimitException.Limit.HEADER_SIZE,
        "a part's headers are larger than " + max + " bytes");
  }

  private void startPart() {
    String disposition = headers.get("content-disposition");
    if (disposition == null) {
      throw malformed("a part has no Content-Disposition");
    }
    PartHeaders.Disposition d = PartHeaders.parseDisposition(disposition);
    if (!d.type().equalsIgnoreCase("form-data")) {
      throw malformed("a part's disposition is '" + d.type() + "', not form-data");
    }
    String name = d.param("name");
    if (name == null) {
      throw malformed("a part's Content-Disposition has no name");
    }
    name = PartHeaders.unescapeFormName(name);
    String contentType = headers.get("content-type");
    String cte = headers.get("content-transfer-encoding");
    if (cte != null) {
      cte = cte.toLowerCase(Locale.ROOT);
      if (!cte.equals("7bit") && !cte.equals("8bit") && !cte.equals("binary")) {
        throw malformed("unsupported Content-Transfer-Encoding: " + cte);
      }
    }
    Charset cs = contentType == null ? charset : HttpUtil.charset(contentType, charset);
    String filename = null;
    String ext = d.param("filename*");
    if (ext != null) {
      filename = PartHeaders.decodeExtValue(ext);
    }
    if (filename == null && d.param("filename") != null) {
      filename = PartHeaders.unescapeFormName(d.param("filename"));
    }
    if (filename != null) {
      String mime =
          contentType == null ? "application/octet-stream" : HttpUtil.mimeType(contentType);
      current = newFileUpload(name, filename, mime, cte, cs);
    } else {
      current = newAttribute(name, cs);
    }
  }

  /**
   * A part's body stays in the array until its delimiter arrives (then it is copied into the field
   * in one go) or until the array needs room ({@link #makeRoom()}).
   */
  private boolean body() throws IOException {
    int i = findPattern();
    if (i < 0) {
      // scan - 1: the byte before the earliest possible delimiter may be its CR.
      checkSize(current, Math.max(0, scan - 1 - start));
      return false;
    }
    int dataEnd = i > start && buf[i - 1] == '\r' ? i - 1 : i;
    append(current, start, dataEnd);
    AbstractHttpData done = current;
    current = null;
    complete(done);
    if (done instanceof DefaultAttribute a && a.name().equals("_charset_")) {
      // HTML: the value of a field named _charset_ names the charset of the fields after it.
      charset = HttpUtil.charset("; charset=" + a.value(), charset);
    }
    start = i + pattern.length;
    scan = start;
    state = State.DELIMITER;
    return true;
  }

  @Override
  void makeRoom() throws IOException {
    int flushEnd = scan - 1;
    if (state == State.BODY && flushEnd > start) {
      append(current, start, flushEnd);
      start = flushEnd;
    }
  }

  private boolean epilogue() {
    start = end;
    scan = end;
    return false;
  }
}
