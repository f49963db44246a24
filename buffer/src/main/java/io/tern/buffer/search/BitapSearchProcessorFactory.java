package io.tern.buffer.search;

/**
 * Shift-and (bitap): bit {@code i} of the state is set when the last {@code i + 1} bytes equal
 * {@code needle[0..i]}. Each byte shifts the state, sets bit 0 and masks it with the positions
 * where that byte occurs in the needle; a set bit {@code needle.length - 1} is a match.
 */
final class BitapSearchProcessorFactory extends AbstractSearchProcessorFactory {
  private final long[] positions = new long[256];
  private final long successBit;

  BitapSearchProcessorFactory(byte[] needle) {
    if (needle.length == 0 || needle.length > 64) {
      throw new IllegalArgumentException(
          "bitap needles are 1 to 64 bytes long, got " + needle.length);
    }
    long bit = 1L;
    for (byte b : needle) {
      positions[b & 0xFF] |= bit;
      bit <<= 1;
    }
    successBit = 1L << (needle.length - 1);
  }

  @Override
  public SearchProcessor newSearchProcessor() {
    return new Processor(positions, successBit);
  }

  private static final class Processor implements SearchProcessor {
    private final long[] positions;
    private final long successBit;
    private long state;

    Processor(long[] positions, long successBit) {
      this.positions = positions;
      this.successBit = successBit;
    }

    @Override
    public boolean process(byte value) {
      long s = ((state << 1) | 1L) & positions[value & 0xFF];
      state = s;
      return (s & successBit) == 0;
    }

    @Override
    public void reset() {
      state = 0;
    }
  }
}
