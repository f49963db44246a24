package io.tern.codec.base64;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToMessageEncoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Encodes each outbound {@link ByteBuf} into its Base64 text (as a {@code ByteBuf}).
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; stateless, may be shared.
 *
 * <h2>Ownership</h2>
 *
 * Each message is released after encoding; the result belongs to the next handler.
 */
public class Base64Encoder extends MessageToMessageEncoder<ByteBuf> {
  private final boolean breakLines;
  private final Base64Dialect dialect;

  /** Creates a standard-alphabet encoder that breaks lines after 76 characters. */
  public Base64Encoder() {
    this(true, Base64Dialect.STANDARD);
  }

  /**
   * Creates an encoder.
   *
   * @param breakLines whether to put a {@code '\n'} after every 76 characters
   * @param dialect the alphabet
   */
  public Base64Encoder(boolean breakLines, Base64Dialect dialect) {
    super(ByteBuf.class);
    if (dialect == null) {
      throw new NullPointerException("dialect");
    }
    this.breakLines = breakLines;
    this.dialect = dialect;
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, ByteBuf msg, List<Object> out) {
    out.add(Base64.encode(msg, breakLines, dialect, ctx.alloc()));
  }
}
