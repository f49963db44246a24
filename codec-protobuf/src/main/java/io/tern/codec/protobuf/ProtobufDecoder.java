package io.tern.codec.protobuf;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.ExtensionRegistryLite;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import io.tern.buffer.ByteBuf;
import io.tern.codec.CorruptedFrameException;
import io.tern.codec.MessageToMessageDecoder;
import io.tern.codec.TooLongFrameException;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;
import java.util.Objects;

/**
 * Parses each inbound {@link ByteBuf} — one frame, as a framing decoder such as {@link
 * io.tern.codec.frame.Varint32FrameDecoder} cuts it — into a message of the prototype's type
 * (Netty's {@code ProtobufDecoder}). Works with the full runtime ({@code protobuf-java}: generated
 * messages, {@code DynamicMessage}) and the lite runtime ({@code protobuf-javalite}): the prototype
 * is a {@link MessageLite}, and the optional {@link ExtensionRegistryLite} (an {@code
 * ExtensionRegistry} for the full runtime) resolves extensions.
 *
 * <p>Limits, because the bytes are untrusted: a frame longer than {@code maxMessageSize} is refused
 * with a {@link TooLongFrameException} before it is parsed (set the framing decoder's own maximum
 * to the same value), and nesting deeper than {@code maxDepth} groups and messages is refused as
 * corrupt. Bytes that are not a valid message of the type (a bad tag, a truncated field, a missing
 * required field in proto2) raise a {@link CorruptedFrameException}; the next frame is decoded as
 * usual, since the framing is intact.
 *
 * <p>The message is parsed straight from the buffer's memory (its array or an NIO view) without
 * copying it first; string and bytes fields are copied out, so the message does not refer to the
 * buffer.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; one instance per channel (the decoder base class keeps a reusable
 * output list). The parser and the extension registry are shared and immutable.
 *
 * <h2>Ownership</h2>
 *
 * Each frame is released after parsing (by {@link MessageToMessageDecoder}); the message holds no
 * reference-counted objects.
 */
public class ProtobufDecoder extends MessageToMessageDecoder<ByteBuf> {
  /** The largest message accepted when none is given: 4 MiB, protobuf's own default limit. */
  public static final int DEFAULT_MAX_MESSAGE_SIZE = 4 << 20;

  /** The deepest nesting accepted when none is given: 100, protobuf's own default. */
  public static final int DEFAULT_MAX_DEPTH = 100;

  private final Parser<? extends MessageLite> parser;
  private final ExtensionRegistryLite extensions;
  private final int maxMessageSize;
  private final int maxDepth;

  /**
   * Creates a decoder without extensions and with the default limits.
   *
   * @param prototype any message of the type to parse, usually {@code getDefaultInstance()}
   */
  public ProtobufDecoder(MessageLite prototype) {
    this(prototype, ExtensionRegistryLite.getEmptyRegistry());
  }

  /**
   * Creates a decoder with the default limits.
   *
   * @param prototype any message of the type to parse, usually {@code getDefaultInstance()}
   * @param extensions the extensions to recognise; others are kept as unknown fields
   */
  public ProtobufDecoder(MessageLite prototype, ExtensionRegistryLite extensions) {
    this(prototype, extensions, DEFAULT_MAX_MESSAGE_SIZE, DEFAULT_MAX_DEPTH);
  }

  /**
   * Creates a decoder.
   *
   * @param prototype any message of the type to parse, usually {@code getDefaultInstance()}
   * @param extensions the extensions to recognise; others are kept as unknown fields
   * @param maxMessageSize the longest frame parsed, in bytes
   * @param maxDepth the deepest nesting of messages and groups
   * @throws IllegalArgumentException if a limit is not positive
   */
  public ProtobufDecoder(
      MessageLite prototype, ExtensionRegistryLite extensions, int maxMessageSize, int maxDepth) {
    super(ByteBuf.class);
    Objects.requireNonNull(prototype, "prototype");
    if (maxMessageSize <= 0) {
      throw new IllegalArgumentException("maxMessageSize: " + maxMessageSize + " (expected: > 0)");
    }
    if (maxDepth <= 0) {
      throw new IllegalArgumentException("maxDepth: " + maxDepth + " (expected: > 0)");
    }
    this.parser = prototype.getParserForType();
    this.extensions = Objects.requireNonNull(extensions, "extensions");
    this.maxMessageSize = maxMessageSize;
    this.maxDepth = maxDepth;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf msg, List<Object> out) {
    int length = msg.readableBytes();
    if (length > maxMessageSize) {
      throw new TooLongFrameException(
          "protobuf message of " + length + " bytes exceeds the limit of " + maxMessageSize);
    }
    CodedInputStream input;
    if (msg.hasArray()) {
      input =
          CodedInputStream.newInstance(msg.array(), msg.arrayOffset() + msg.readerIndex(), length);
    } else if (msg.nioBufferCount() == 1) {
      input = CodedInputStream.newInstance(msg.nioBuffer(msg.readerIndex(), length));
    } else {
      byte[] copy = new byte[length];
      msg.getBytes(msg.readerIndex(), copy);
      input = CodedInputStream.newInstance(copy);
    }
    int unusedDefaultDepth = input.setRecursionLimit(maxDepth);
    int unusedDefaultSize = input.setSizeLimit(maxMessageSize);
    // Strings and bytes are copied out: the buffer is released after this call.
    input.enableAliasing(false);
    try {
      MessageLite message = parser.parseFrom(input, extensions);
      out.add(message);
    } catch (InvalidProtocolBufferException e) {
      throw new CorruptedFrameException("invalid protobuf message: " + e.getMessage(), e);
    }
  }
}
