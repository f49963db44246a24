package io.tern.codec.redis;

/**
 * Limits and switches of a {@link RedisDecoder}. Immutable: each {@code with…} method returns a
 * changed copy.
 *
 * <table>
 *   <caption>Defaults</caption>
 *   <tr><th>setting</th><th>default</th><th>exceeded or violated</th></tr>
 *   <tr><td>{@link #aggregate()}</td><td>{@code true}: whole messages</td><td>–</td></tr>
 *   <tr><td>{@link #maxLineLength()}</td><td>65,536 bytes (simple strings, errors, numbers, inline
 *       commands)</td><td>{@link io.tern.codec.TooLongFrameException}</td></tr>
 *   <tr><td>{@link #maxBulkLength()}</td><td>512 MiB (Redis's own {@code proto-max-bulk-len})
 *       </td><td>{@code TooLongFrameException}</td></tr>
 *   <tr><td>{@link #maxAggregateLength()}</td><td>16,777,216 elements (entries of a map)</td>
 *       <td>{@code TooLongFrameException}</td></tr>
 *   <tr><td>{@link #maxNestingDepth()}</td><td>64 aggregates inside each other (aggregating only)
 *       </td><td>{@code TooLongFrameException}</td></tr>
 *   <tr><td>{@link #maxMessageBytes()}</td><td>512 MiB on the wire per top-level message
 *       (aggregating only)</td><td>{@code TooLongFrameException}</td></tr>
 *   <tr><td>{@link #inlineCommands()}</td><td>{@code false}: a line not starting with a RESP type
 *       byte is an error</td><td>{@link RedisCodecException}</td></tr>
 * </table>
 *
 * <p>A server facing untrusted clients should lower the byte limits to what its commands need.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread; one configuration may serve many decoders.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param aggregate whether the decoder passes on whole messages ({@code true}) or streams headers
 *     and bulk-string pieces
 * @param maxLineLength the longest line of a simple string, error, number or inline command, CR LF
 *     excluded
 * @param maxBulkLength the longest bulk string, bulk error or verbatim string
 * @param maxAggregateLength the most elements an aggregate may announce (entries for maps)
 * @param maxNestingDepth how deep aggregates may nest when aggregating
 * @param maxMessageBytes the most bytes one aggregated top-level message may take on the wire
 * @param inlineCommands whether lines without RESP framing are commands (servers) or errors
 */
public record RedisDecoderConfig(
    boolean aggregate,
    int maxLineLength,
    int maxBulkLength,
    int maxAggregateLength,
    int maxNestingDepth,
    long maxMessageBytes,
    boolean inlineCommands) {

  /** The defaults of the table above. */
  public static final RedisDecoderConfig DEFAULT =
      new RedisDecoderConfig(true, 65_536, 512 << 20, 1 << 24, 64, 512L << 20, false);

  /** Checks the limits. */
  public RedisDecoderConfig {
    positive(maxLineLength, "maxLineLength");
    positive(maxBulkLength, "maxBulkLength");
    positive(maxAggregateLength, "maxAggregateLength");
    positive(maxNestingDepth, "maxNestingDepth");
    positive(maxMessageBytes, "maxMessageBytes");
  }

  private static void positive(long value, String name) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + ": " + value + " (expected: > 0)");
    }
  }

  /**
   * Returns a copy that aggregates whole messages or streams.
   *
   * @param aggregate {@code true} for whole messages
   * @return the copy
   */
  public RedisDecoderConfig withAggregate(boolean aggregate) {
    return new RedisDecoderConfig(
        aggregate,
        maxLineLength,
        maxBulkLength,
        maxAggregateLength,
        maxNestingDepth,
        maxMessageBytes,
        inlineCommands);
  }

  /**
   * Returns a copy with another line limit.
   *
   * @param maxLineLength bytes, at least 1
   * @return the copy
   */
  public RedisDecoderConfig withMaxLineLength(int maxLineLength) {
    return new RedisDecoderConfig(
        aggregate,
        maxLineLength,
        maxBulkLength,
        maxAggregateLength,
        maxNestingDepth,
        maxMessageBytes,
        inlineCommands);
  }

  /**
   * Returns a copy with another bulk-string limit.
   *
   * @param maxBulkLength bytes, at least 1
   * @return the copy
   */
  public RedisDecoderConfig withMaxBulkLength(int maxBulkLength) {
    return new RedisDecoderConfig(
        aggregate,
        maxLineLength,
        maxBulkLength,
        maxAggregateLength,
        maxNestingDepth,
        maxMessageBytes,
        inlineCommands);
  }

  /**
   * Returns a copy with another aggregate-length limit.
   *
   * @param maxAggregateLength elements, at least 1
   * @return the copy
   */
  public RedisDecoderConfig withMaxAggregateLength(int maxAggregateLength) {
    return new RedisDecoderConfig(
        aggregate,
        maxLineLength,
        maxBulkLength,
        maxAggregateLength,
        maxNestingDepth,
        maxMessageBytes,
        inlineCommands);
  }

  /**
   * Returns a copy with another nesting limit.
   *
   * @param maxNestingDepth aggregates, at least 1
   * @return the copy
   */
  public RedisDecoderConfig withMaxNestingDepth(int maxNestingDepth) {
    return new RedisDecoderConfig(
        aggregate,
        maxLineLength,
        maxBulkLength,
        maxAggregateLength,
        maxNestingDepth,
        maxMessageBytes,
        inlineCommands);
  }

  /**
   * Returns a copy with another limit on an aggregated message's size.
   *
   * @param maxMessageBytes bytes on the wire, at least 1
   * @return the copy
   */
  public RedisDecoderConfig withMaxMessageBytes(long maxMessageBytes) {
    return new RedisDecoderConfig(
        aggregate,
        maxLineLength,
        maxBulkLength,
        maxAggregateLength,
        maxNestingDepth,
        maxMessageBytes,
        inlineCommands);
  }

  /**
   * Returns a copy that accepts or rejects inline commands.
   *
   * @param inlineCommands {@code true} on a server that accepts telnet-style commands
   * @return the copy
   */
  public RedisDecoderConfig withInlineCommands(boolean inlineCommands) {
    return new RedisDecoderConfig(
        aggregate,
        maxLineLength,
        maxBulkLength,
        maxAggregateLength,
        maxNestingDepth,
        maxMessageBytes,
        inlineCommands);
  }
}
