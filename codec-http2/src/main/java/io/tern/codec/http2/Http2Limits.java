package io.tern.codec.http2;

/**
 * The limits a connection enforces on its peer, each with a default. Past a limit the connection
 * ends with {@code GOAWAY} ({@link Http2Error#ENHANCE_YOUR_CALM} for the floods, as RFC 9113
 * section 10.5 suggests) and closes.
 *
 * <table>
 *   <caption>limits</caption>
 *   <tr><th>limit</th><th>default</th><th>against</th></tr>
 *   <tr><td>{@code maxResetsPerWindow}</td><td>200 per {@code windowMillis}</td><td>rapid reset
 *       (CVE-2023-44487): streams the peer opens and resets at once</td></tr>
 *   <tr><td>{@code maxProvokedResetsPerWindow}</td><td>200 per window</td><td>"MadeYouReset"
 *       (CVE-2025-8671): frames that make this side reset a stream (bad headers, flow-control or
 *       state errors on a stream)</td></tr>
 *   <tr><td>{@code maxContinuationFrames}</td><td>32 per header block</td><td>CONTINUATION
 *       flood</td></tr>
 *   <tr><td>{@code maxHeaderBlockSize}</td><td>twice the header list size limit</td><td>a header
 *       block that grows without end across CONTINUATION frames</td></tr>
 *   <tr><td>{@code maxEmptyDataFrames}</td><td>32 in a row on a stream</td><td>empty DATA
 *       flood</td></tr>
 *   <tr><td>{@code maxZeroWindowUpdates}</td><td>32 per window</td><td>WINDOW_UPDATE frames with
 *       increment 0 (each a stream error)</td></tr>
 *   <tr><td>{@code maxSettingsPerWindow}</td><td>100 per window</td><td>SETTINGS flood (each
 *       needs an acknowledgement)</td></tr>
 *   <tr><td>{@code maxPingsPerWindow}</td><td>100 per window</td><td>PING flood</td></tr>
 *   <tr><td>{@code maxQueuedControlFrames}</td><td>10,000</td><td>acknowledgements and resets
 *       queued while the peer does not read</td></tr>
 *   <tr><td>{@code settingsAckTimeoutMillis}</td><td>10,000</td><td>a peer that never
 *       acknowledges SETTINGS ({@link Http2Error#SETTINGS_TIMEOUT})</td></tr>
 * </table>
 *
 * <h2>Threading</h2>
 *
 * An immutable value; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param windowMillis the length of the window the per-window counts are over
 * @param maxResetsPerWindow {@code RST_STREAM} frames the peer may send per window
 * @param maxProvokedResetsPerWindow streams this side may reset because of the peer's frames per
 *     window
 * @param maxContinuationFrames {@code CONTINUATION} frames per header block
 * @param maxHeaderBlockSize bytes of one encoded header block, 0 for twice the header list size
 * @param maxEmptyDataFrames consecutive empty {@code DATA} frames without end of stream on a stream
 * @param maxZeroWindowUpdates {@code WINDOW_UPDATE} frames with increment 0 per window
 * @param maxSettingsPerWindow {@code SETTINGS} frames per window
 * @param maxPingsPerWindow {@code PING} frames per window
 * @param maxQueuedControlFrames control frames written and not yet sent
 * @param settingsAckTimeoutMillis how long the peer has to acknowledge {@code SETTINGS}
 */
public record Http2Limits(
    long windowMillis,
    int maxResetsPerWindow,
    int maxProvokedResetsPerWindow,
    int maxContinuationFrames,
    int maxHeaderBlockSize,
    int maxEmptyDataFrames,
    int maxZeroWindowUpdates,
    int maxSettingsPerWindow,
    int maxPingsPerWindow,
    int maxQueuedControlFrames,
    long settingsAckTimeoutMillis) {
  /** The defaults of the table above. */
  public static final Http2Limits DEFAULT =
      new Http2Limits(30_000, 200, 200, 32, 0, 32, 32, 100, 100, 10_000, 10_000);

  /**
   * Checks the components.
   *
   * @param windowMillis window length
   * @param maxResetsPerWindow resets
   * @param maxProvokedResetsPerWindow provoked resets
   * @param maxContinuationFrames continuation frames
   * @param maxHeaderBlockSize block bytes
   * @param maxEmptyDataFrames empty data frames
   * @param maxZeroWindowUpdates zero window updates
   * @param maxSettingsPerWindow settings frames
   * @param maxPingsPerWindow ping frames
   * @param maxQueuedControlFrames queued control frames
   * @param settingsAckTimeoutMillis acknowledgement timeout
   */
  public Http2Limits {
    if (windowMillis <= 0 || settingsAckTimeoutMillis <= 0) {
      throw new IllegalArgumentException("durations must be positive");
    }
    if (maxResetsPerWindow < 0
        || maxProvokedResetsPerWindow < 0
        || maxContinuationFrames < 0
        || maxHeaderBlockSize < 0
        || maxEmptyDataFrames < 0
        || maxZeroWindowUpdates < 0
        || maxSettingsPerWindow < 0
        || maxPingsPerWindow < 0
        || maxQueuedControlFrames < 0) {
      throw new IllegalArgumentException("limits must not be negative");
    }
  }

  /**
   * Returns a copy with another reset limit.
   *
   * @param max resets per window
   * @return the new limits
   */
  public Http2Limits withMaxResetsPerWindow(int max) {
    return new Http2Limits(
        windowMillis,
        max,
        maxProvokedResetsPerWindow,
        maxContinuationFrames,
        maxHeaderBlockSize,
        maxEmptyDataFrames,
        maxZeroWindowUpdates,
        maxSettingsPerWindow,
        maxPingsPerWindow,
        maxQueuedControlFrames,
        settingsAckTimeoutMillis);
  }

  /**
   * Returns a copy with another provoked-reset limit.
   *
   * @param max resets per window
   * @return the new limits
   */
  public Http2Limits withMaxProvokedResetsPerWindow(int max) {
    return new Http2Limits(
        windowMillis,
        maxResetsPerWindow,
        max,
        maxContinuationFrames,
        maxHeaderBlockSize,
        maxEmptyDataFrames,
        maxZeroWindowUpdates,
        maxSettingsPerWindow,
        maxPingsPerWindow,
        maxQueuedControlFrames,
        settingsAckTimeoutMillis);
  }

  /**
   * Returns a copy with another queued control frame limit.
   *
   * @param max frames
   * @return the new limits
   */
  public Http2Limits withMaxQueuedControlFrames(int max) {
    return new Http2Limits(
        windowMillis,
        maxResetsPerWindow,
        maxProvokedResetsPerWindow,
        maxContinuationFrames,
        maxHeaderBlockSize,
        maxEmptyDataFrames,
        maxZeroWindowUpdates,
        maxSettingsPerWindow,
        maxPingsPerWindow,
        max,
        settingsAckTimeoutMillis);
  }

  /**
   * Returns a copy with another SETTINGS acknowledgement timeout.
   *
   * @param millis the timeout
   * @return the new limits
   */
  public Http2Limits withSettingsAckTimeoutMillis(long millis) {
    return new Http2Limits(
        windowMillis,
        maxResetsPerWindow,
        maxProvokedResetsPerWindow,
        maxContinuationFrames,
        maxHeaderBlockSize,
        maxEmptyDataFrames,
        maxZeroWindowUpdates,
        maxSettingsPerWindow,
        maxPingsPerWindow,
        maxQueuedControlFrames,
        millis);
  }
}
