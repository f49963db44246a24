package io.tern.codec.frame;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToByteEncoder;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Prepends the length of each outbound buffer as a base-128 varint32, the counterpart of {@link
 * Varint32FrameDecoder}.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; stateless, may be shared between pipelines.
 *
 * <h2>Ownership</h2>
 *
 * The message is released by the encoder base class; the new buffer (prefix and content) belongs to
 * the next handler.
 */
public class Varint32LengthFieldPrepender extends MessageToByteEncoder<ByteBuf> {

  /** Creates a prepender that writes into direct buffers. */
  public Varint32LengthFieldPrepender() {
    super(ByteBuf.class);
  }

  @Override
  protected ByteBuf allocateBuffer(ChannelHandlerContext ctx, ByteBuf msg, boolean preferDirect) {
    int size = varintSize(msg.readableBytes()) + msg.readableBytes();
    return preferDirect ? ctx.alloc().ioBuffer(size) : ctx.alloc().heapBuffer(size);
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, ByteBuf msg, ByteBuf out) {
    writeVarint32(out, msg.readableBytes());
    out.writeBytes(msg, msg.readerIndex(), msg.readableBytes());
  }

  /**
   * Returns how many bytes {@code value} takes as a varint32.
   *
   * @param value a non-negative value
   * @return 1 to 5
   */
  static int varintSize(int value) {
    return (31 - Integer.numberOfLeadingZeros(value | 1)) / 7 + 1;
  }

  /**
   * Writes {@code value} as a varint32.
   *
   * @param out the buffer
   * @param value the value
   */
  static void writeVarint32(ByteBuf out, int value) {
    while ((value & ~0x7F) != 0) {
      out.writeByte((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    out.writeByte(value);
  }
}
