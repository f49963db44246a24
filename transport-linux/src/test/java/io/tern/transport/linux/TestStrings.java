package io.tern.transport.linux;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;

/** Reads what a native transport test wrote into native memory. */
public final class TestStrings {
  private TestStrings() {}

  /**
   * Returns the first {@code n} bytes of {@code m} as US-ASCII text.
   *
   * @param m the memory
   * @param n how many bytes
   * @return the text
   */
  public static String ascii(MemorySegment m, long n) {
    return new String(m.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.US_ASCII);
  }
}
