package io.tern.codec.stomp.internal;

import io.tern.buffer.ByteBuf;
import io.tern.codec.stomp.StompCodecException;
import io.tern.codec.stomp.StompCommand;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;

/**
 * Command lines to {@link StompCommand}s and back, compared as bytes without a string.
 *
 * <p>Stateless: any thread.
 */
final class Commands {
  private static final StompCommand[] ALL = StompCommand.values();
  private static final byte[][] ASCII = new byte[ALL.length][]; // in the order of ALL
  private static final Map<StompCommand, byte[]> BY_COMMAND = new EnumMap<>(StompCommand.class);

  static {
    for (int i = 0; i < ALL.length; i++) {
      ASCII[i] = ALL[i].name().getBytes(StandardCharsets.US_ASCII);
      BY_COMMAND.put(ALL[i], ASCII[i]);
    }
  }

  private Commands() {}

  /** The command as the wire has it; a shared array. */
  static byte[] ascii(StompCommand command) {
    return BY_COMMAND.get(command);
  }

  /** The command of {@code [start, end)}, or a {@link StompCodecException}. */
  static StompCommand parse(ByteBuf in, int start, int end) {
    int length = end - start;
    for (int i = 0; i < ALL.length; i++) {
      byte[] ascii = ASCII[i];
      if (ascii.length == length && matches(in, start, ascii)) {
        return ALL[i];
      }
    }
    int shown = Math.min(length, 32);
    throw new StompCodecException(
        "unknown command '"
            + in.toString(start, shown, StandardCharsets.ISO_8859_1)
            + (shown < length ? "…" : "")
            + "'");
  }

  private static boolean matches(ByteBuf in, int start, byte[] ascii) {
    for (int i = 0; i < ascii.length; i++) {
      if (in.getByte(start + i) != ascii[i]) {
        return false;
      }
    }
    return true;
  }
}
