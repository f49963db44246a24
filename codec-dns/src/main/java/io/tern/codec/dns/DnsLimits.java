package io.tern.codec.dns;

/**
 * Bounds on what a decoder accepts from an untrusted message. A message is at most 65,535 bytes by
 * construction (the TCP length prefix, the UDP datagram); these bound the work done inside it.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param maxQuestions most questions accepted in one message
 * @param maxRecords most records accepted in one message, all sections together (OPT included)
 * @param maxCompressionPointers most compression pointers followed while reading one name
 */
public record DnsLimits(int maxQuestions, int maxRecords, int maxCompressionPointers) {
  /** 16 questions, 4,096 records, 64 pointers per name. */
  public static final DnsLimits DEFAULT = new DnsLimits(16, 4096, 64);

  /** Checks the bounds. */
  public DnsLimits {
    if (maxQuestions < 0 || maxRecords < 0 || maxCompressionPointers < 0) {
      throw new IllegalArgumentException("limits must not be negative");
    }
  }
}
