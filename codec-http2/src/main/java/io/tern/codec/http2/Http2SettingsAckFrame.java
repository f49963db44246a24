package io.tern.codec.http2;

/**
 * The peer acknowledged this side's {@code SETTINGS}; they are in force from now on.
 *
 * <h2>Threading</h2>
 *
 * An immutable value; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public record Http2SettingsAckFrame() implements Http2Frame {
  /** The one instance the codec uses. */
  public static final Http2SettingsAckFrame INSTANCE = new Http2SettingsAckFrame();

  @Override
  public String name() {
    return "SETTINGS";
  }
}
