package io.tern.codec.string;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.codec.MessageToMessageEncoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Encodes each outbound {@link CharSequence} into a {@link ByteBuf}; UTF-8 and US-ASCII are written
 * straight into the buffer without an intermediate {@code byte[]}.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; stateless, may be shared.
 *
 * <h2>Ownership</h2>
 *
 * The new buffer belongs to the next handler.
 */
public class StringEncoder extends MessageToMessageEncoder<CharSequence> {
  private final Charset charset;

  /** Creates a UTF-8 encoder. */
  public StringEncoder() {
    this(StandardCharsets.UTF_8);
  }

  /**
   * Creates an encoder.
   *
   * @param charset the character set
   */
  public StringEncoder(Charset charset) {
    super(CharSequence.class);
    if (charset == null) {
      throw new NullPointerException("charset");
    }
    this.charset = charset;
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, CharSequence msg, List<Object> out) {
    out.add(encode(ctx, msg, charset, 0));
  }

  /**
   * Encodes text followed by room for {@code extra} bytes.
   *
   * @param ctx the context whose allocator is used
   * @param msg the text
   * @param charset the character set
   * @param extra bytes to reserve after the text
   * @return a new buffer owned by the caller
   */
  static ByteBuf encode(ChannelHandlerContext ctx, CharSequence msg, Charset charset, int extra) {
    if (charset.equals(StandardCharsets.UTF_8)) {
      ByteBuf buf = ctx.alloc().buffer(ByteBufUtil.utf8MaxBytes(msg) + extra);
      ByteBufUtil.writeUtf8(buf, msg);
      return buf;
    }
    if (charset.equals(StandardCharsets.US_ASCII)) {
      ByteBuf buf = ctx.alloc().buffer(msg.length() + extra);
      ByteBufUtil.writeAscii(buf, msg);
      return buf;
    }
    byte[] bytes = msg.toString().getBytes(charset);
    ByteBuf buf = ctx.alloc().buffer(bytes.length + extra);
    buf.writeBytes(bytes);
    return buf;
  }
}
