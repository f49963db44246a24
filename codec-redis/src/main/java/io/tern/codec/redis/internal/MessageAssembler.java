package io.tern.codec.redis.internal;

import io.tern.codec.TooLongFrameException;
import io.tern.codec.redis.ArrayRedisMessage;
import io.tern.codec.redis.MapRedisMessage;
import io.tern.codec.redis.RedisMessage;
import io.tern.codec.redis.RedisMessageType;
import io.tern.common.ReferenceCountUtil;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds whole messages from the values and aggregate headers of an aggregating decoder: a stack of
 * open aggregates, each collecting its children until it has as many as its header announced.
 *
 * <p>Attributes ({@code |}) do not count toward their parent's length: a finished attribute is
 * added to the parent (or passed on at the top level) without consuming one of its slots. Maps and
 * attributes collect keys and values in turn, so they wait for twice their announced length.
 *
 * <p>Holds the children of unfinished aggregates: {@link #reset()} releases them. Not thread-safe:
 * the decoder's event loop only.
 */
public final class MessageAssembler {
  /** Children list capacity never exceeds this up front: a header's length is untrusted. */
  private static final int MAX_INITIAL_CAPACITY = 64;

  private final int maxNestingDepth;
  private final long maxMessageBytes;
  private RedisMessageType[] types = new RedisMessageType[4];
  private long[] remaining = new long[4];

  private final List<List<RedisMessage>> children = new ArrayList<>();

  private int depth;
  private long bytes;

  /**
   * Creates an assembler.
   *
   * @param maxNestingDepth how many aggregates may be open at once
   * @param maxMessageBytes how many wire bytes one top-level message may take
   */
  public MessageAssembler(int maxNestingDepth, long maxMessageBytes) {
    this.maxNestingDepth = maxNestingDepth;
    this.maxMessageBytes = maxMessageBytes;
  }

  /**
   * Tells whether an aggregate is open.
   *
   * @return {@code true} while a message is being built
   */
  public boolean isAssembling() {
    return depth > 0;
  }

  /**
   * Counts wire bytes toward the message being built and checks the limit; also checks a value that
   * is about to be waited for, before its bytes arrive.
   *
   * @param wireBytes the bytes of the next value
   * @throws TooLongFrameException if the message would exceed the limit
   */
  public void account(long wireBytes) {
    long total = bytes + wireBytes;
    if (total > maxMessageBytes) {
      throw new TooLongFrameException(
          "RESP message exceeds " + maxMessageBytes + " bytes (maxMessageBytes)");
    }
    bytes = total;
  }

  /**
   * Checks, without counting them, that {@code wireBytes} more would fit.
   *
   * @param wireBytes the bytes of a value not complete yet
   * @throws TooLongFrameException if the message would exceed the limit
   */
  public void checkRoom(long wireBytes) {
    if (bytes + wireBytes > maxMessageBytes) {
      throw new TooLongFrameException(
          "RESP message exceeds " + maxMessageBytes + " bytes (maxMessageBytes)");
    }
  }

  /**
   * Adds a finished value.
   *
   * @param value the value, now owned by the assembler
   * @return the finished top-level message, or {@code null} while an aggregate is still open
   */
  public RedisMessage value(RedisMessage value) {
    RedisMessage done = value;
    while (depth > 0) {
      int top = depth - 1;
      children.get(top).add(done);
      if (done.type() != RedisMessageType.ATTRIBUTE || types[top] == RedisMessageType.ATTRIBUTE) {
        remaining[top]--;
      }
      if (remaining[top] > 0) {
        return null;
      }
      done = close(top);
    }
    bytes = 0;
    return done;
  }

  /**
   * Opens an aggregate (or finishes an empty one at once).
   *
   * @param type the aggregate kind
   * @param length the announced number of elements (entries for maps and attributes), at least 0
   * @return the finished top-level message, or {@code null} while an aggregate is still open
   * @throws TooLongFrameException if aggregates nest too deep
   */
  public RedisMessage begin(RedisMessageType type, long length) {
    if (length == 0) {
      return value(empty(type));
    }
    if (depth == maxNestingDepth) {
      throw new TooLongFrameException(
          "RESP aggregates nest deeper than " + maxNestingDepth + " (maxNestingDepth)");
    }
    if (depth == types.length) {
      int size = depth * 2;
      types = java.util.Arrays.copyOf(types, size);
      remaining = java.util.Arrays.copyOf(remaining, size);
    }
    long slots =
        type == RedisMessageType.MAP || type == RedisMessageType.ATTRIBUTE ? length * 2 : length;
    types[depth] = type;
    remaining[depth] = slots;
    List<RedisMessage> list = new ArrayList<>((int) Math.min(slots, MAX_INITIAL_CAPACITY));
    if (depth == children.size()) {
      children.add(list);
    } else {
      children.set(depth, list);
    }
    depth++;
    return null;
  }

  /** Releases every child of the open aggregates and forgets them. */
  public void reset() {
    for (int i = 0; i < depth; i++) {
      for (RedisMessage child : children.get(i)) {
        ReferenceCountUtil.release(child);
      }
      children.set(i, null);
      types[i] = null;
    }
    depth = 0;
    bytes = 0;
  }

  private RedisMessage close(int top) {
    List<RedisMessage> list = children.get(top);
    RedisMessageType type = types[top];
    children.set(top, null);
    types[top] = null;
    depth = top;
    return build(type, list);
  }

  /**
   * Returns an empty aggregate of a kind.
   *
   * @param type an aggregate kind
   * @return the shared empty array, or a new empty aggregate
   */
  public static RedisMessage empty(RedisMessageType type) {
    return type == RedisMessageType.ARRAY
        ? ArrayRedisMessage.EMPTY_INSTANCE
        : build(type, new ArrayList<>(0));
  }

  private static RedisMessage build(RedisMessageType type, List<RedisMessage> list) {
    return switch (type) {
      case MAP -> MapRedisMessage.map(list);
      case ATTRIBUTE -> MapRedisMessage.attribute(list);
      default -> ArrayRedisMessage.of(type, list);
    };
  }
}
