package io.tern.codec.string;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToMessageEncoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Encodes each outbound {@link CharSequence} followed by a line separator, in one buffer.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; stateless, may be shared.
 *
 * <h2>Ownership</h2>
 *
 * The new buffer belongs to the next handler.
 */
public class LineEncoder extends MessageToMessageEncoder<CharSequence> {
  private final Charset charset;
  private final byte[] separator;

  /** Creates a UTF-8 encoder that ends lines with {@code "\n"}. */
  public LineEncoder() {
    this("\n", StandardCharsets.UTF_8);
  }

  /**
   * Creates an encoder.
   *
   * @param lineSeparator the separator, for example {@code "\r\n"}
   * @param charset the character set of the text and the separator
   */
  public LineEncoder(String lineSeparator, Charset charset) {
    super(CharSequence.class);
    if (charset == null) {
      throw new NullPointerException("charset");
    }
    this.charset = charset;
    this.separator = lineSeparator.getBytes(charset);
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, CharSequence msg, List<Object> out) {
    ByteBuf buf = StringEncoder.encode(ctx, msg, charset, separator.length);
    buf.writeBytes(separator);
    out.add(buf);
  }
}
