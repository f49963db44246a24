package io.tern.transport.linux.internal.uring;

/**
 * The 64-bit {@code user_data} each SQE carries and its CQE returns:
 *
 * <pre>
 * | 63 .. 32: registration slot | 31 .. 24: opcode | 23 .. 16: slot generation | 15 .. 0: data |
 * </pre>
 *
 * The slot finds the registration without a map; the generation (8 bits) rejects a completion for a
 * slot that was freed and reused; the opcode tells what completed; the 16-bit data is the handle's
 * own tag. Slot 0 is the handler's own operations (wake-up read, cancels). Stateless.
 */
public final class UserData {
  private UserData() {}

  /**
   * Packs the fields.
   *
   * @param slot the registration slot
   * @param generation the slot's generation (low 8 bits are kept)
   * @param opcode the operation
   * @param data the handle's tag
   * @return the user_data
   */
  public static long encode(int slot, int generation, byte opcode, short data) {
    return ((long) slot << 32)
        | ((opcode & 0xffL) << 24)
        | ((generation & 0xffL) << 16)
        | (data & 0xffffL);
  }

  /**
   * Returns the slot.
   *
   * @param userData a value from {@link #encode}
   * @return the slot
   */
  public static int slot(long userData) {
    return (int) (userData >>> 32);
  }

  /**
   * Returns the opcode.
   *
   * @param userData a value from {@link #encode}
   * @return the opcode
   */
  public static byte opcode(long userData) {
    return (byte) (userData >>> 24);
  }

  /**
   * Returns the generation's low 8 bits.
   *
   * @param userData a value from {@link #encode}
   * @return the generation, 0 to 255
   */
  public static int generation(long userData) {
    return (int) (userData >>> 16) & 0xff;
  }

  /**
   * Returns the handle's tag.
   *
   * @param userData a value from {@link #encode}
   * @return the data
   */
  public static short data(long userData) {
    return (short) userData;
  }
}
