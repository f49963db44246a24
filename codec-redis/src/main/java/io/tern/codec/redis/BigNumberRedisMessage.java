package io.tern.codec.redis;

import java.math.BigInteger;
import java.util.Objects;

/**
 * A RESP3 big number: {@code (3492890328409238509324850943850943825024385\r\n}.
 *
 * <h2>Threading</h2>
 *
 * Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param value the number
 */
public record BigNumberRedisMessage(BigInteger value) implements RedisMessage {
  /** Checks the number is present. */
  public BigNumberRedisMessage {
    Objects.requireNonNull(value, "value");
  }

  @Override
  public RedisMessageType type() {
    return RedisMessageType.BIG_NUMBER;
  }
}
