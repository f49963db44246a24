package io.tern.codec.haproxy;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToByteEncoder;
import io.tern.transport.channel.ChannelHandlerContext;

/**
 * Writes {@link HAProxyMessage}s as PROXY protocol headers of their version: the line of version 1,
 * or the binary header of version 2 with its TLVs. A {@link HAProxyTLV.Type#CRC32C CRC32C} field
 * (see {@link HAProxyTLV#crc32c()}) is filled with the checksum of the header written.
 *
 * <p>A proxy or a client writes one header before anything else on the connection.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop. Stateless: one instance may be shared by many pipelines
 * ({@link #INSTANCE}).
 *
 * <h2>Ownership</h2>
 *
 * <p>Writes each header into a new buffer it passes on; the messages hold no reference-counted
 * objects.
 */
public final class HAProxyMessageEncoder extends MessageToByteEncoder<HAProxyMessage> {
  /** A shared instance. */
  public static final HAProxyMessageEncoder INSTANCE = new HAProxyMessageEncoder();

  /** Creates an encoder; {@link #INSTANCE} serves every channel. */
  public HAProxyMessageEncoder() {
    super(HAProxyMessage.class);
  }

  @Override
  protected ByteBuf allocateBuffer(
      ChannelHandlerContext ctx, HAProxyMessage msg, boolean preferDirect) {
    int size =
        msg.protocolVersion() == HAProxyProtocolVersion.V1
            ? V1Header.MAX_LENGTH
            : V2Header.length(msg);
    return preferDirect ? ctx.alloc().ioBuffer(size) : ctx.alloc().heapBuffer(size);
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, HAProxyMessage msg, ByteBuf out) {
    encode(msg, out);
  }

  /**
   * Writes {@code msg} into {@code out}, outside a pipeline.
   *
   * @param msg the header
   * @param out where it goes
   */
  public static void encode(HAProxyMessage msg, ByteBuf out) {
    if (msg.protocolVersion() == HAProxyProtocolVersion.V1) {
      V1Header.write(msg, out);
    } else {
      V2Header.write(msg, out);
    }
  }
}
