package io.tern.codec.http2;

import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.tern.codec.http2.internal.FrameCodecHandler;
import java.util.Objects;

/**
 * Builds an {@link Http2FrameCodec}. Defaults: {@code SETTINGS_MAX_CONCURRENT_STREAMS} 100, {@code
 * SETTINGS_INITIAL_WINDOW_SIZE} 1 MiB, {@code SETTINGS_MAX_HEADER_LIST_SIZE} 16 KiB, push disabled,
 * a connection window of 1 MiB, {@link Http2Limits#DEFAULT}.
 *
 * <h2>Threading</h2>
 *
 * Not thread-safe; build on one thread. The codecs it builds are independent of it.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class Http2FrameCodecBuilder {
  private final boolean server;
  private Http2Settings settings;
  private int connectionWindow = 1 << 20;
  private Http2Limits limits = Http2Limits.DEFAULT;

  Http2FrameCodecBuilder(boolean server) {
    this.server = server;
    this.settings =
        new Http2Settings()
            .maxConcurrentStreams(100)
            .initialWindowSize(1 << 20)
            .maxHeaderListSize(16_384);
    if (!server) {
      settings.pushEnabled(false);
    }
  }

  /**
   * Returns the settings this side announces; change them in place or replace them.
   *
   * @return the settings
   */
  public Http2Settings initialSettings() {
    return settings;
  }

  /**
   * Replaces the settings this side announces.
   *
   * @param settings the settings
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2FrameCodecBuilder initialSettings(Http2Settings settings) {
    this.settings = Objects.requireNonNull(settings, "settings").copy();
    return this;
  }

  /**
   * Sets the connection-level receive window (raised from 65,535 by a WINDOW_UPDATE at start).
   *
   * @param bytes 65,535 to {@code 2^31 - 1}
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2FrameCodecBuilder connectionWindow(int bytes) {
    if (bytes < Http2Settings.DEFAULT_INITIAL_WINDOW_SIZE) {
      throw new IllegalArgumentException("connectionWindow: " + bytes);
    }
    this.connectionWindow = bytes;
    return this;
  }

  /**
   * Sets the abuse limits.
   *
   * @param limits the limits
   * @return this
   */
  @CanIgnoreReturnValue
  public Http2FrameCodecBuilder limits(Http2Limits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
    return this;
  }

  /**
   * Builds a codec for one channel.
   *
   * @return the codec
   */
  public Http2FrameCodec build() {
    return new FrameCodecHandler(server, settings.copy(), connectionWindow, limits);
  }
}
