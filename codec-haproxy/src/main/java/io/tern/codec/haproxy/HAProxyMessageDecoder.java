package io.tern.codec.haproxy;

import io.tern.buffer.ByteBuf;
import io.tern.codec.ByteToMessageDecoder;
import io.tern.transport.channel.ChannelHandlerContext;
import java.util.List;

/**
 * Decodes the PROXY protocol header (version 1 or 2, told apart by its first bytes) at the start of
 * a connection into one {@link HAProxyMessage}, then removes itself: the bytes after the header go
 * to the next handler unchanged.
 *
 * <p><b>Limits.</b> A version 1 header is at most 107 bytes (the specification's bound); a version
 * 2 header at most {@code maxHeaderLength} bytes, checked from its length field before anything is
 * buffered. Everything else follows from these: TLVs are read from a copy of the header.
 *
 * <p><b>Refusal.</b> Input that does not start like a header, a malformed or too long header, an
 * unknown version, command or family, a truncated TLV or a CRC32C mismatch closes the channel and
 * raises an {@link HAProxyProtocolException}: the connection cannot say who the client is, and a
 * server behind a proxy must not treat it as the proxy's own. Later input is dropped.
 *
 * <h2>Threading</h2>
 *
 * <p>Runs on its channel's event loop; one instance per channel (it keeps the header's state).
 *
 * <h2>Ownership</h2>
 *
 * <p>Inbound buffers are owned as {@link ByteToMessageDecoder} owns them; the message holds no
 * reference-counted objects.
 */
public class HAProxyMessageDecoder extends ByteToMessageDecoder {
  /** The default bound on a version 2 header, TLVs included. */
  public static final int DEFAULT_MAX_HEADER_LENGTH = 4096;

  /** The smallest bound that still admits a Unix-domain header without TLVs. */
  public static final int MIN_MAX_HEADER_LENGTH = V2Header.FIXED_LENGTH + 216;

  private final int maxHeaderLength;
  private boolean done;

  /** Creates a decoder that accepts version 2 headers of up to 4096 bytes. */
  public HAProxyMessageDecoder() {
    this(DEFAULT_MAX_HEADER_LENGTH);
  }

  /**
   * Creates a decoder.
   *
   * @param maxHeaderLength the longest version 2 header accepted, {@link #MIN_MAX_HEADER_LENGTH} to
   *     65,551 bytes
   */
  public HAProxyMessageDecoder(int maxHeaderLength) {
    if (maxHeaderLength < MIN_MAX_HEADER_LENGTH
        || maxHeaderLength > V2Header.FIXED_LENGTH + 0xffff) {
      throw new IllegalArgumentException("maxHeaderLength out of range: " + maxHeaderLength);
    }
    this.maxHeaderLength = maxHeaderLength;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (done) {
      in.skipBytes(in.readableBytes());
      return;
    }
    int version;
    try {
      version = detect(in);
    } catch (HAProxyProtocolException e) {
      throw fail(ctx, in, e);
    }
    if (version == 0) {
      return;
    }
    HAProxyMessage message;
    try {
      message = version == 1 ? decodeV1(in) : decodeV2(in);
    } catch (HAProxyProtocolException e) {
      throw fail(ctx, in, e);
    }
    if (message == null) {
      return;
    }
    done = true;
    out.add(message);
    ctx.pipeline().remove(this);
  }

  /** Returns 1 or 2 once the first bytes tell, 0 while they cannot yet. */
  private static int detect(ByteBuf in) {
    int r = in.readerIndex();
    int n = in.readableBytes();
    byte[] prefix = in.getByte(r) == 'P' ? V1Header.PREFIX : V2Header.SIGNATURE;
    int check = Math.min(n, prefix.length);
    for (int i = 0; i < check; i++) {
      if (in.getByte(r + i) != prefix[i]) {
        throw new HAProxyProtocolException("not a PROXY protocol header (byte " + i + ")");
      }
    }
    if (check < prefix.length) {
      return 0;
    }
    return prefix == V1Header.PREFIX ? 1 : 2;
  }

  private static HAProxyMessage decodeV1(ByteBuf in) {
    int r = in.readerIndex();
    int n = Math.min(in.readableBytes(), V1Header.MAX_LENGTH);
    int lf = in.indexOf(r, r + n, (byte) '\n');
    if (lf < 0) {
      if (n == V1Header.MAX_LENGTH) {
        throw new HAProxyProtocolException(
            "invalid PROXY v1 header: no line end in the first 107 bytes");
      }
      return null;
    }
    int length = lf - r;
    if (in.getByte(lf - 1) != '\r') {
      throw new HAProxyProtocolException("invalid PROXY v1 header: line ends without \\r\\n");
    }
    byte[] line = new byte[length - 1];
    in.getBytes(r, line);
    in.skipBytes(length + 1);
    return V1Header.parse(line, line.length);
  }

  private HAProxyMessage decodeV2(ByteBuf in) {
    int r = in.readerIndex();
    if (in.readableBytes() < V2Header.FIXED_LENGTH) {
      return null;
    }
    int total = V2Header.FIXED_LENGTH + in.getUnsignedShort(r + 14);
    if (total > maxHeaderLength) {
      throw new HAProxyProtocolException(
          "PROXY v2 header of " + total + " bytes exceeds the limit of " + maxHeaderLength);
    }
    if (in.readableBytes() < total) {
      return null;
    }
    byte[] header = new byte[total];
    in.readBytes(header);
    return V2Header.parse(header, total);
  }

  private HAProxyProtocolException fail(
      ChannelHandlerContext ctx, ByteBuf in, HAProxyProtocolException e) {
    done = true;
    in.skipBytes(in.readableBytes());
    ctx.close();
    return e;
  }
}
