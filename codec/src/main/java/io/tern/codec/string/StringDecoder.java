package io.tern.codec.string;

import io.tern.buffer.ByteBuf;
import io.tern.codec.MessageToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Decodes each inbound {@link ByteBuf} into a {@link String}. Put a framing decoder before it: a
 * buffer is whatever the previous handler passed on, so a character split across two buffers would
 * be decoded as two malformed halves. Malformed input is replaced, as {@link String#String(byte[],
 * Charset)} does.
 *
 * <h2>Threading</h2>
 *
 * The channel's event loop; stateless, may be shared.
 *
 * <h2>Ownership</h2>
 *
 * Each buffer is released after decoding.
 */
public class StringDecoder extends MessageToMessageDecoder<ByteBuf> {
  private final Charset charset;

  /** Creates a UTF-8 decoder. */
  public StringDecoder() {
    this(StandardCharsets.UTF_8);
  }

  /**
   * Creates a decoder.
   *
   * @param charset the character set
   */
  public StringDecoder(Charset charset) {
    super(ByteBuf.class);
    if (charset == null) {
      throw new NullPointerException("charset");
    }
    this.charset = charset;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf msg, List<Object> out) {
    out.add(msg.toString(charset));
  }
}
