package io.tern.codec.http;

/**
 * A request head as the decoder passes it on: its header fields stay the checked bytes of the head
 * until {@link #headers()} is first called, which builds them (the same names and values, in the
 * same order, as an eager parse would add). What the codecs act on without a handler asking for
 * headers (framing, {@code Host}, keep-alive, an upgrade) was recorded while the head was checked,
 * so a handler that routes on the path and answers never pays for a header map.
 *
 * <p>{@link HttpUtil#isKeepAlive} and {@link HttpUtil#isUpgradeRequest} answer from those records
 * until the headers are built; from then on the headers (which a handler may change) decide.
 *
 * <h2>Threading</h2>
 *
 * One thread at a time, like any {@link DefaultHttpRequest}: {@link #headers()} builds the map on
 * the first call, on the calling thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects: the head's bytes are a {@code byte[]} copy.
 */
final class DecodedHttpRequest extends DefaultHttpRequest {
  private final HttpHeaders.Validation validation;
  private byte[] head;
  private int fieldsStart;
  private int fieldCount;
  private int facts;
  private HttpHeaders headers;

  /**
   * Creates a request decoded from {@code head}, whose fields are given later by {@link
   * #fieldsChecked} (until then it has none).
   *
   * @param head the head's bytes, owned by the request from now on (never changed)
   * @param validation the validation of the headers once built
   */
  DecodedHttpRequest(
      HttpVersion version,
      HttpMethod method,
      RequestTarget target,
      byte[] head,
      HttpHeaders.Validation validation) {
    super(version, method, target);
    this.head = head;
    this.validation = validation;
  }

  /**
   * Records the field lines that {@link HttpFieldParser#parse} checked and what they said.
   *
   * @param start the offset of the first field line in the head
   * @param count the number of field lines
   * @param facts the {@link HttpFieldParser.Framing} fact bits
   */
  void fieldsChecked(int start, int count, int facts) {
    this.fieldsStart = start;
    this.fieldCount = count;
    this.facts = facts;
  }

  @Override
  public HttpHeaders headers() {
    HttpHeaders h = headers;
    if (h == null) {
      h = HttpHeaders.create(validation);
      if (fieldCount > 0) {
        h.reserve(fieldCount);
        HttpFieldParser.build(head, fieldsStart, fieldCount, h);
      }
      head = null; // the values that need them are views of the bytes now
      headers = h;
    }
    return h;
  }

  /** Whether {@link #headers()} has built the header map (from then on it decides). */
  boolean headersBuilt() {
    return headers != null;
  }

  /** Whether {@code fact} (a {@link HttpFieldParser.Framing} bit) held for the decoded fields. */
  boolean has(int fact) {
    return (facts & fact) != 0;
  }
}
