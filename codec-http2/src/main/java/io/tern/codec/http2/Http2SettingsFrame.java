package io.tern.codec.http2;

import java.util.Objects;

/**
 * {@code SETTINGS} received from the peer (after the codec applied and acknowledged them), or new
 * settings to send.
 *
 * <h2>Threading</h2>
 *
 * A value; its settings must not change once the frame is written.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param settings the parameters
 */
public record Http2SettingsFrame(Http2Settings settings) implements Http2Frame {
  /**
   * Checks the component.
   *
   * @param settings the parameters
   */
  public Http2SettingsFrame {
    Objects.requireNonNull(settings, "settings");
  }

  @Override
  public String name() {
    return "SETTINGS";
  }
}
