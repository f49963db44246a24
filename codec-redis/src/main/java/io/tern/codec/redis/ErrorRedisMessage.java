package io.tern.codec.redis;

import java.util.Objects;

/**
 * An error reply: {@code -ERR unknown command\r\n}, or RESP3's bulk error {@code !n\r\n...\r\n},
 * which the decoder turns into this type too. The encoder writes a simple error unless the text
 * holds CR or LF, and a bulk error (which only RESP3 peers understand) if it does.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param content the text, by convention starting with an upper-case error code ({@code ERR},
 *     {@code WRONGTYPE}, ...)
 */
public record ErrorRedisMessage(String content) implements RedisMessage {
  /** Checks the text is present. */
  public ErrorRedisMessage {
    Objects.requireNonNull(content, "content");
  }

  @Override
  public RedisMessageType type() {
    return RedisMessageType.ERROR;
  }
}
