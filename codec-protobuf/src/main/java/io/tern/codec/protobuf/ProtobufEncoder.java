package io.tern.codec.protobuf;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.MessageLite;
import com.google.protobuf.MessageLiteOrBuilder;
import io.tern.buffer.ByteBuf;
import io.tern.codec.EncoderException;
import io.tern.codec.MessageToByteEncoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.io.IOException;

/**
 * Serializes each outbound {@link MessageLite} (or a builder, which is built first) into one buffer
 * of exactly its serialized size (Netty's {@code ProtobufEncoder}); put {@link
 * io.tern.codec.frame.Varint32LengthFieldPrepender} after it to write protobuf's length-delimited
 * form. Works with the full and the lite runtime. The message is written straight into the buffer,
 * without an intermediate byte array.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop. Stateless: one instance may be shared by every channel.
 *
 * <h2>Ownership</h2>
 *
 * Messages hold no reference-counted objects; the buffer belongs to the next handler.
 */
public class ProtobufEncoder extends MessageToByteEncoder<MessageLiteOrBuilder> {

  /** Creates an encoder that writes into heap buffers (protobuf writes arrays fastest). */
  public ProtobufEncoder() {
    super(MessageLiteOrBuilder.class, false);
  }

  @Override
  protected ByteBuf allocateBuffer(
      ChannelHandlerContext ctx, MessageLiteOrBuilder msg, boolean preferDirect) {
    int size = message(msg).getSerializedSize();
    return preferDirect ? ctx.alloc().ioBuffer(size) : ctx.alloc().heapBuffer(size);
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, MessageLiteOrBuilder msg, ByteBuf out) {
    MessageLite message = message(msg);
    int size = message.getSerializedSize();
    out.ensureWritable(size);
    int at = out.writerIndex();
    CodedOutputStream output =
        out.hasArray()
            ? CodedOutputStream.newInstance(out.array(), out.arrayOffset() + at, size)
            : CodedOutputStream.newInstance(out.nioBuffer(at, size));
    try {
      message.writeTo(output);
      output.flush();
      output.checkNoSpaceLeft();
    } catch (IOException | IllegalStateException e) {
      throw new EncoderException("could not serialize " + message.getClass().getName(), e);
    }
    out.writerIndex(at + size);
  }

  private static MessageLite message(MessageLiteOrBuilder msg) {
    if (msg instanceof MessageLite m) {
      return m;
    }
    if (msg instanceof MessageLite.Builder b) {
      return b.build();
    }
    throw new EncoderException("neither a message nor a builder: " + msg.getClass().getName());
  }
}
