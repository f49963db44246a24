package io.tern.codec.stomp;

/**
 * A STOMP protocol version, and how it escapes header names and values.
 *
 * <table>
 *   <caption>Header escaping (never in {@code CONNECT}, {@code STOMP} and {@code CONNECTED}
 *       frames)</caption>
 *   <tr><th>version</th><th>escapes</th><th>end of line</th></tr>
 *   <tr><td>1.0</td><td>none: a value may not hold LF, a name neither LF nor a colon</td>
 *       <td>LF</td></tr>
 *   <tr><td>1.1</td><td>{@code \\}, {@code \n} (LF), {@code \c} (colon); any other escape is an
 *       error</td><td>LF</td></tr>
 *   <tr><td>1.2</td><td>as 1.1, and {@code \r} (CR)</td><td>LF or CR LF</td></tr>
 * </table>
 *
 * <h2>Threading</h2>
 *
 * Any thread (constants).
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum StompVersion {
  /** STOMP 1.0: no escaping, no heart-beats, no {@code NACK}. */
  STOMP_1_0("1.0"),
  /** STOMP 1.1: escaping of backslash, LF and colon; heart-beats; {@code NACK}. */
  STOMP_1_1("1.1"),
  /** STOMP 1.2: as 1.1, CR escaped too, CR LF line ends accepted, {@code ack} ids. */
  STOMP_1_2("1.2");

  private final String text;

  StompVersion(String text) {
    this.text = text;
  }

  /**
   * Returns the version as the {@code version} and {@code accept-version} headers write it.
   *
   * @return {@code "1.0"}, {@code "1.1"} or {@code "1.2"}
   */
  public String text() {
    return text;
  }

  /**
   * Tells whether header names and values are escaped in this version.
   *
   * @return {@code false} for 1.0
   */
  public boolean escapes() {
    return this != STOMP_1_0;
  }

  /**
   * Tells whether a line may end with CR LF, the CR not being part of the line.
   *
   * @return {@code true} for 1.2
   */
  public boolean allowsCrLf() {
    return this == STOMP_1_2;
  }

  /**
   * Finds a version by its text.
   *
   * @param text {@code "1.0"}, {@code "1.1"} or {@code "1.2"}
   * @return the version, or {@code null} if unknown
   */
  public static StompVersion of(String text) {
    for (StompVersion version : values()) {
      if (version.text.equals(text)) {
        return version;
      }
    }
    return null;
  }

  /**
   * Picks the highest version of an {@code accept-version} header that is also in {@code
   * supported}, as a server answers a {@code CONNECT}. A missing header means 1.0.
   *
   * @param acceptVersion the header's value, such as {@code "1.0,1.1,1.2"}, or {@code null}
   * @param supported what the server supports
   * @return the version to use, or {@code null} if none is shared
   */
  public static StompVersion negotiate(
      String acceptVersion, java.util.Set<StompVersion> supported) {
    if (acceptVersion == null) {
      return supported.contains(STOMP_1_0) ? STOMP_1_0 : null;
    }
    StompVersion best = null;
    for (String item : acceptVersion.split(",", -1)) {
      StompVersion version = of(item.strip());
      if (version != null
          && supported.contains(version)
          && (best == null || version.compareTo(best) > 0)) {
        best = version;
      }
    }
    return best;
  }

  @Override
  public String toString() {
    return text;
  }
}
