package io.tern.codec.dns;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;
import java.util.Objects;

/**
 * Decodes DNS messages over a stream (RFC 1035 4.2.2, RFC 7766): each one after its two-byte
 * length. A malformed message raises a {@link DnsDecoderException}; its frame is skipped, so the
 * stream stays in step and the pipeline decides whether to close.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop; one instance per channel.
 *
 * <h2>Ownership</h2>
 *
 * <p>Inbound buffers are owned as {@link ByteToMessageDecoder} owns them; the messages hold no
 * reference-counted objects.
 */
public final class TcpDnsDecoder extends ByteToMessageDecoder {
  private final DnsLimits limits;

  /** Creates a decoder with {@link DnsLimits#DEFAULT}. */
  public TcpDnsDecoder() {
    this(DnsLimits.DEFAULT);
  }

  /**
   * Creates a decoder.
   *
   * @param limits bounds on counts
   */
  public TcpDnsDecoder(DnsLimits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    while (in.readableBytes() >= 2) {
      int r = in.readerIndex();
      int length = in.getUnsignedShort(r);
      if (in.readableBytes() < 2 + length) {
        return;
      }
      ByteBuf frame = in.slice(r + 2, length);
      in.readerIndex(r + 2 + length);
      out.add(DnsMessages.decode(frame, limits));
    }
  }
}
