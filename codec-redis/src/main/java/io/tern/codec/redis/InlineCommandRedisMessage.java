package io.tern.codec.redis;

import java.util.Objects;

/**
 * A command typed as one line without RESP framing ({@code PING\r\n}, {@code SET k v\r\n}), as a
 * telnet user sends it; the decoder produces it only when {@link
 * RedisDecoderConfig#inlineCommands()} is on. {@link #arguments()} splits it the way Redis does.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param content the line without its CR LF
 */
public record InlineCommandRedisMessage(String content) implements RedisMessage {
  /** Checks the line is present. */
  public InlineCommandRedisMessage {
    Objects.requireNonNull(content, "content");
  }

  /**
   * Splits the line into arguments at runs of spaces and tabs; double quotes group an argument that
   * holds spaces (with {@code \"}, {@code \\}, {@code \n}, {@code \r}, {@code \t} and {@code \xHH}
   * escapes), single quotes group one literally (with {@code \'}).
   *
   * @return the arguments, possibly none
   * @throws RedisCodecException if a quote is not closed
   */
  public java.util.List<String> arguments() {
    return io.tern.codec.redis.internal.InlineArguments.split(content);
  }

  @Override
  public RedisMessageType type() {
    return RedisMessageType.INLINE_COMMAND;
  }
}
