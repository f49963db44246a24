package io.tern.codec.redis;

import java.util.Objects;

/**
 * A simple string: {@code +OK\r\n}. Its text holds neither CR nor LF (the encoder rejects them).
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param content the text
 */
public record SimpleStringRedisMessage(String content) implements RedisMessage {
  /** {@code +OK}. */
  public static final SimpleStringRedisMessage OK = new SimpleStringRedisMessage("OK");

  /** {@code +PONG}. */
  public static final SimpleStringRedisMessage PONG = new SimpleStringRedisMessage("PONG");

  /** Checks the text is present. */
  public SimpleStringRedisMessage {
    Objects.requireNonNull(content, "content");
  }

  @Override
  public RedisMessageType type() {
    return RedisMessageType.SIMPLE_STRING;
  }
}
