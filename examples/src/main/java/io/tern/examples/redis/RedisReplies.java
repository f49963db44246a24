package io.tern.examples.redis;

import io.tern.codec.redis.AggregateHeaderRedisMessage;
import io.tern.codec.redis.ArrayRedisMessage;
import io.tern.codec.redis.BigNumberRedisMessage;
import io.tern.codec.redis.BooleanRedisMessage;
import io.tern.codec.redis.BulkStringHeaderRedisMessage;
import io.tern.codec.redis.BulkStringRedisContent;
import io.tern.codec.redis.DoubleRedisMessage;
import io.tern.codec.redis.ErrorRedisMessage;
import io.tern.codec.redis.FullBulkStringRedisMessage;
import io.tern.codec.redis.InlineCommandRedisMessage;
import io.tern.codec.redis.IntegerRedisMessage;
import io.tern.codec.redis.MapRedisMessage;
import io.tern.codec.redis.NullRedisMessage;
import io.tern.codec.redis.RedisMessage;
import io.tern.codec.redis.SimpleStringRedisMessage;
import io.tern.codec.redis.VerbatimStringRedisMessage;
import java.nio.charset.StandardCharsets;

/** Formats replies the way {@code redis-cli} prints them. Stateless. */
final class RedisReplies {
  private RedisReplies() {}

  static String format(RedisMessage reply) {
    StringBuilder out = new StringBuilder();
    append(out, reply, "");
    return out.toString();
  }

  private static void append(StringBuilder out, RedisMessage reply, String indent) {
    switch (reply) {
      case SimpleStringRedisMessage m -> out.append(m.content());
      case ErrorRedisMessage m -> out.append("(error) ").append(m.content());
      case IntegerRedisMessage m -> out.append("(integer) ").append(m.value());
      case DoubleRedisMessage m -> out.append("(double) ").append(m.value());
      case BooleanRedisMessage m -> out.append(m.value() ? "(true)" : "(false)");
      case BigNumberRedisMessage m -> out.append("(big number) ").append(m.value());
      case NullRedisMessage m -> out.append("(nil)");
      case FullBulkStringRedisMessage m ->
          out.append(m.isNull() ? "(nil)" : quote(m.toString(StandardCharsets.UTF_8)));
      case VerbatimStringRedisMessage m -> out.append(m.content().toString(StandardCharsets.UTF_8));
      case ArrayRedisMessage m -> {
        if (m.isNull()) {
          out.append("(nil)");
        } else if (m.children().isEmpty()) {
          out.append(
              m.type() == io.tern.codec.redis.RedisMessageType.SET
                  ? "(empty set)"
                  : "(empty array)");
        } else {
          int i = 1;
          for (RedisMessage child : m.children()) {
            String label = i + ") ";
            out.append(i == 1 ? "" : "\n" + indent).append(label);
            append(out, child, indent + " ".repeat(label.length()));
            i++;
          }
        }
      }
      case MapRedisMessage m -> {
        if (m.size() == 0) {
          out.append("(empty hash)");
        }
        for (int i = 0; i < m.size(); i++) {
          String label = (i + 1) + "# ";
          out.append(i == 0 ? "" : "\n" + indent).append(label);
          append(out, m.key(i), indent);
          out.append(" => ");
          append(out, m.value(i), indent + " ".repeat(label.length()));
        }
      }
      case InlineCommandRedisMessage m -> out.append(m.content());
      case BulkStringHeaderRedisMessage m -> out.append(m);
      case BulkStringRedisContent m -> out.append(m);
      case AggregateHeaderRedisMessage m -> out.append(m);
    }
  }

  private static String quote(String text) {
    StringBuilder out = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"', '\\' -> out.append('\\').append(c);
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\x%02x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
