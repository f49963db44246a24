package io.tern.codec.base64;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Decodes each inbound {@link ByteBuf} of Base64 text into the bytes it encodes. Put a framing
 * decoder before it so each buffer holds whole Base64 text; invalid input raises a {@link
 * io.tern.codec.DecoderException}.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; stateless, may be shared.
 *
 * <h2>Ownership</h2>
 *
 * Each message is released after decoding; the result belongs to the next handler.
 */
public class Base64Decoder extends MessageToMessageDecoder<ByteBuf> {
  private final Base64Dialect dialect;

  /** Creates a standard-alphabet decoder. */
  public Base64Decoder() {
    this(Base64Dialect.STANDARD);
  }

  /**
   * Creates a decoder.
   *
   * @param dialect the alphabet
   */
  public Base64Decoder(Base64Dialect dialect) {
    super(ByteBuf.class);
    if (dialect == null) {
      throw new NullPointerException("dialect");
    }
    this.dialect = dialect;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf msg, List<Object> out) {
    out.add(Base64.decode(msg, dialect, ctx.alloc()));
  }
}
