package io.tern.codec.http2.internal;

import io.tern.codec.http2.Http2Headers;
import io.tern.codec.http2.hpack.HpackDecoder;
import io.tern.common.AsciiString;

/**
 * Collects the fields the HPACK decoder hands out into {@link Http2Headers}, checking each against
 * RFC 9113 (section 8) as it arrives: pseudo-headers first, only those the message kind allows and
 * each once; no connection-specific fields; {@code te} only {@code trailers}; names lower case;
 * values without NUL, CR, LF or surrounding whitespace. The first problem is kept and later fields
 * are dropped (the decoder still runs to the end of the block, to keep its table in step). {@link
 * #finish()} then checks the pseudo-headers a request or response must have.
 *
 * <p>One per connection, reused for each block; event loop only.
 */
final class DecodedHeaders implements HpackDecoder.Sink {
  /** What the block is. */
  enum Kind {
    /** A request's header section (received by a server). */
    REQUEST,
    /** A response's header section (received by a client). */
    RESPONSE,
    /** Trailers: no pseudo-headers. */
    TRAILERS
  }

  private Kind kind;
  private Http2Headers headers;
  private String problem;
  private int pseudoSeen;
  private boolean regularSeen;
  private final boolean connectProtocolEnabled;

  DecodedHeaders(boolean connectProtocolEnabled) {
    this.connectProtocolEnabled = connectProtocolEnabled;
  }

  void begin(Kind kind) {
    this.kind = kind;
    this.headers = new Http2Headers();
    this.problem = null;
    this.pseudoSeen = 0;
    this.regularSeen = false;
  }

  @Override
  public void header(AsciiString name, AsciiString value) {
    if (problem != null) {
      return;
    }
    if (name.length() > 0 && name.byteAt(0) == ':') {
      int id = Http2HeadersValidator.pseudoHeader(name);
      if (regularSeen) {
        problem = "pseudo-header " + name + " after a regular field";
        return;
      }
      if (id == 0 || !allowed(id)) {
        problem = "pseudo-header " + name + " not allowed here";
        return;
      }
      if ((pseudoSeen & id) != 0) {
        problem = "pseudo-header " + name + " twice";
        return;
      }
      pseudoSeen |= id;
    } else {
      regularSeen = true;
      String p = Http2HeadersValidator.nameProblem(name);
      if (p != null) {
        problem = p;
        return;
      }
      if (Http2HeadersValidator.isConnectionSpecific(name)) {
        problem = "connection-specific field " + name;
        return;
      }
      if (Http2HeadersValidator.isTe(name) && !AsciiString.contentEquals("trailers", value)) {
        problem = "te other than trailers";
        return;
      }
    }
    String p = Http2HeadersValidator.valueProblem(value);
    if (p != null) {
      problem = p + " (" + name + ")";
      return;
    }
    // add checks the field's syntax again; decoded fields pass, so this never throws
    headers.add(name, value);
  }

  private boolean allowed(int id) {
    return switch (kind) {
      case REQUEST ->
          id != Http2HeadersValidator.STATUS
              && (id != Http2HeadersValidator.PROTOCOL || connectProtocolEnabled);
      case RESPONSE -> id == Http2HeadersValidator.STATUS;
      case TRAILERS -> false;
    };
  }

  /**
   * Ends the block: returns the problem that makes the message malformed, or {@code null}.
   *
   * @return the problem, or {@code null} if {@link #headers()} is a valid message head
   */
  String finish() {
    if (problem != null) {
      return problem;
    }
    return switch (kind) {
      case REQUEST -> requestProblem();
      case RESPONSE -> responseProblem();
      case TRAILERS -> null;
    };
  }

  private String requestProblem() {
    CharSequence method = headers.method();
    if (method == null) {
      return "request without :method";
    }
    boolean connect = AsciiString.contentEquals("CONNECT", method);
    boolean protocol = (pseudoSeen & Http2HeadersValidator.PROTOCOL) != 0;
    if (connect && !protocol) {
      if ((pseudoSeen & (Http2HeadersValidator.SCHEME | Http2HeadersValidator.PATH)) != 0) {
        return "CONNECT with :scheme or :path";
      }
      return (pseudoSeen & Http2HeadersValidator.AUTHORITY) == 0
          ? "CONNECT without :authority"
          : null;
    }
    if (protocol && !connect) {
      return ":protocol without CONNECT";
    }
    if ((pseudoSeen & Http2HeadersValidator.SCHEME) == 0) {
      return "request without :scheme";
    }
    CharSequence path = headers.path();
    return path == null || path.length() == 0 ? "request without :path" : null;
  }

  private String responseProblem() {
    CharSequence status = headers.status();
    if (status == null) {
      return "response without :status";
    }
    if (status.length() != 3
        || !Character.isDigit(status.charAt(0))
        || !Character.isDigit(status.charAt(1))
        || !Character.isDigit(status.charAt(2))) {
      return "invalid :status " + status;
    }
    return null;
  }

  /** The headers collected; take them after {@link #finish()}. */
  Http2Headers headers() {
    return headers;
  }
}
