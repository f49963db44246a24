package io.tern.codec.http2.internal;

import io.tern.codec.http2.Http2Error;
import io.tern.codec.http2.Http2Exception;
import io.tern.codec.http2.Http2Limits;
import io.tern.common.concurrent.Ticker;

/**
 * Counts what a peer does that costs this side work without doing it any good, against {@link
 * Http2Limits}: per-window counts of resets, provoked resets, zero-increment window updates,
 * SETTINGS and PING frames. A fixed window: each count restarts when its window has passed.
 *
 * <p>Event loop only.
 */
final class AbuseGuard {
  private final Http2Limits limits;
  private final Ticker ticker;
  private final long windowNanos;
  private long windowStart;
  private int resets;
  private int provokedResets;
  private int zeroWindowUpdates;
  private int settings;
  private int pings;

  AbuseGuard(Http2Limits limits, Ticker ticker) {
    this.limits = limits;
    this.ticker = ticker;
    this.windowNanos = limits.windowMillis() * 1_000_000L;
    this.windowStart = ticker.nanoTime();
  }

  private void roll() {
    long now = ticker.nanoTime();
    if (now - windowStart >= windowNanos) {
      windowStart = now;
      resets = 0;
      provokedResets = 0;
      zeroWindowUpdates = 0;
      settings = 0;
      pings = 0;
    }
  }

  private static Http2Exception calm(String what) {
    return Http2Exception.connectionError(Http2Error.ENHANCE_YOUR_CALM, what);
  }

  void reset() throws Http2Exception {
    roll();
    if (++resets > limits.maxResetsPerWindow()) {
      throw calm("too many RST_STREAM frames (rapid reset)");
    }
  }

  void provokedReset() throws Http2Exception {
    roll();
    if (++provokedResets > limits.maxProvokedResetsPerWindow()) {
      throw calm("too many frames that made this side reset streams");
    }
  }

  void zeroWindowUpdate() throws Http2Exception {
    roll();
    if (++zeroWindowUpdates > limits.maxZeroWindowUpdates()) {
      throw calm("too many WINDOW_UPDATE frames with increment 0");
    }
  }

  void settings() throws Http2Exception {
    roll();
    if (++settings > limits.maxSettingsPerWindow()) {
      throw calm("too many SETTINGS frames");
    }
  }

  void ping() throws Http2Exception {
    roll();
    if (++pings > limits.maxPingsPerWindow()) {
      throw calm("too many PING frames");
    }
  }

  void emptyData(Http2Stream stream, boolean empty) throws Http2Exception {
    if (stream.emptyDataFrame(empty) > limits.maxEmptyDataFrames()) {
      throw calm("too many empty DATA frames");
    }
  }
}
