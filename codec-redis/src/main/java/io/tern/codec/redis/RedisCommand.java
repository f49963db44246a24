package io.tern.codec.redis;

import io.tern.codec.redis.internal.InlineArguments;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A command to send, as its arguments: text ({@link CharSequence}, written as UTF-8), bytes ({@code
 * byte[]}, written as they are) or integers ({@link Long} or {@link Integer}, written in decimal).
 * {@link RedisCommandEncoder} writes it as a RESP array of bulk strings straight into one buffer,
 * without building a message per argument.
 *
 * <pre>{@code
 * channel.write(RedisCommand.of("SET", "user:1", payloadBytes));
 * channel.write(RedisCommand.of("INCRBY", "counter", 5L));
 * channel.writeAndFlush(RedisCommand.parse("GET user:1"));
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * Immutable once built (do not change a {@code byte[]} argument until the write completes): any
 * thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class RedisCommand {
  private final Object[] arguments;

  private RedisCommand(Object[] arguments) {
    if (arguments.length == 0) {
      throw new IllegalArgumentException("a command needs at least its name");
    }
    for (Object argument : arguments) {
      if (!(argument instanceof CharSequence
          || argument instanceof byte[]
          || argument instanceof Long
          || argument instanceof Integer)) {
        throw new IllegalArgumentException(
            "argument "
                + (argument == null ? "null" : argument.getClass().getName())
                + " (expected CharSequence, byte[], Long or Integer)");
      }
    }
    this.arguments = arguments;
  }

  /**
   * Creates a command.
   *
   * @param arguments the name and then the arguments: {@link CharSequence}, {@code byte[]}, {@link
   *     Long} or {@link Integer}; the array is kept, not copied
   * @return the command
   * @throws IllegalArgumentException if there is no argument or one of another type
   */
  public static RedisCommand of(Object... arguments) {
    return new RedisCommand(Objects.requireNonNull(arguments, "arguments"));
  }

  /**
   * Creates a command from a line as {@code redis-cli} takes it: arguments separated by spaces,
   * double quotes with escapes or single quotes to group one with spaces.
   *
   * @param line the command line, such as {@code SET greeting "hello world"}
   * @return the command
   * @throws IllegalArgumentException if the line is empty or a quote is not closed
   */
  public static RedisCommand parse(String line) {
    List<String> args;
    try {
      args = InlineArguments.split(line);
    } catch (RedisCodecException e) {
      throw new IllegalArgumentException(e.getMessage() + ": " + line, e);
    }
    Object[] arguments = new Object[args.size()];
    for (int i = 0; i < arguments.length; i++) {
      // Escapes like \xff stand for bytes: ISO-8859-1 keeps every char 0-255 as one byte.
      String arg = args.get(i);
      arguments[i] =
          arg.chars().allMatch(c -> c < 0x80) ? arg : arg.getBytes(StandardCharsets.ISO_8859_1);
    }
    return new RedisCommand(arguments);
  }

  /**
   * Returns the number of arguments, the name included.
   *
   * @return at least 1
   */
  public int size() {
    return arguments.length;
  }

  /**
   * Returns an argument.
   *
   * @param index 0 for the name
   * @return a {@link CharSequence}, {@code byte[]}, {@link Long} or {@link Integer}
   */
  public Object argument(int index) {
    return arguments[index];
  }

  /**
   * Returns the command's name as text.
   *
   * @return the first argument
   */
  public String name() {
    Object name = arguments[0];
    return name instanceof byte[] bytes
        ? new String(bytes, StandardCharsets.UTF_8)
        : String.valueOf(name);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("RedisCommand[");
    for (int i = 0; i < arguments.length; i++) {
      if (i > 0) {
        text.append(' ');
      }
      Object argument = arguments[i];
      text.append(
          argument instanceof byte[] bytes ? "<" + bytes.length + " bytes>" : argument.toString());
    }
    return text.append(']').toString();
  }

  Object[] arguments() {
    return arguments;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RedisCommand other && Arrays.deepEquals(arguments, other.arguments);
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(arguments);
  }
}
