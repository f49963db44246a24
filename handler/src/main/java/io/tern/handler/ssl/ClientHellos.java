package io.tern.handler.ssl;

import io.tern.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import javax.net.ssl.SSLHandshakeException;

/**
 * Finds the SNI host name in a TLS ClientHello without consuming or decrypting anything (RFC 8446
 * section 4.1.2, RFC 6066 section 3). The hello may span several handshake records.
 *
 * <pre>
 *   record:     type 22 | version | length | fragment...
 *   handshake:  type 1 (client_hello) | length (3) | body
 *   body:       version (2) | random (32) | session id (1 + n) | cipher suites (2 + n)
 *               | compression methods (1 + n) | extensions (2 + n)
 *   extension:  type (2) | length (2) | data; server_name (0) holds a list (2 + n) of
 *               name type (1, 0 = host_name) | host name (2 + n)
 * </pre>
 *
 * <p>Stateless; any thread.
 */
final class ClientHellos {
  private static final int CLIENT_HELLO = 1;
  private static final int SERVER_NAME = 0;
  private static final int HOST_NAME = 0;

  /** The outcome of one look at the buffer. */
  record Lookup(boolean complete, String hostName) {
    static final Lookup NEED_MORE = new Lookup(false, null);
  }

  private ClientHellos() {}

  /**
   * Looks for a complete ClientHello at the reader index of {@code in}.
   *
   * @param maxLength the largest ClientHello accepted
   * @return {@link Lookup#NEED_MORE}, or the host name ({@code null} when the hello has none)
   * @throws NotSslRecordException if the bytes are not TLS handshake records
   * @throws SSLHandshakeException if the hello is malformed or longer than {@code maxLength}
   */
  static Lookup serverName(ByteBuf in, int maxLength) throws javax.net.ssl.SSLException {
    int offset = in.readerIndex();
    byte[] hello = null;
    int helloLength = -1; // of the whole handshake message, header included
    int have = 0;
    for (; ; ) {
      int packet = SslRecords.packetLength(in, offset);
      if (packet == SslRecords.NEED_MORE || packet > in.writerIndex() - offset) {
        return Lookup.NEED_MORE;
      }
      if (in.getUnsignedByte(offset) != SslRecords.HANDSHAKE) {
        throw new NotSslRecordException(
            "expected a TLS handshake record, got type " + in.getUnsignedByte(offset));
      }
      int fragment = packet - SslRecords.HEADER_LENGTH;
      if (hello == null) {
        if (fragment < 4) {
          throw new SSLHandshakeException("handshake record too short for a ClientHello");
        }
        int start = offset + SslRecords.HEADER_LENGTH;
        if (in.getUnsignedByte(start) != CLIENT_HELLO) {
          throw new SSLHandshakeException("expected a ClientHello");
        }
        helloLength = 4 + in.getUnsignedMedium(start + 1);
        if (helloLength > maxLength) {
          throw new SSLHandshakeException(
              "ClientHello of " + helloLength + " bytes exceeds the limit of " + maxLength);
        }
        hello = new byte[helloLength];
      }
      int take = Math.min(fragment, helloLength - have);
      in.getBytes(offset + SslRecords.HEADER_LENGTH, hello, have, take);
      have += take;
      offset += packet;
      if (have == helloLength) {
        return new Lookup(true, parse(ByteBuffer.wrap(hello, 4, helloLength - 4)));
      }
    }
  }

  private static String parse(ByteBuffer body) throws SSLHandshakeException {
    try {
      skip(body, 2 + 32); // legacy_version, random
      skip(body, u8(body)); // legacy_session_id
      skip(body, u16(body)); // cipher_suites
      skip(body, u8(body)); // legacy_compression_methods
      if (!body.hasRemaining()) {
        return null; // no extensions at all
      }
      int extensionsEnd = body.position() + u16(body);
      checkWithin(body, extensionsEnd);
      while (body.position() < extensionsEnd) {
        int type = u16(body);
        int length = u16(body);
        int end = body.position() + length;
        checkWithin(body, end);
        if (type == SERVER_NAME) {
          return hostName(body.slice(body.position(), length));
        }
        body.position(end);
      }
      return null;
    } catch (java.nio.BufferUnderflowException | IllegalArgumentException e) {
      throw new SSLHandshakeException("malformed ClientHello");
    }
  }

  private static String hostName(ByteBuffer list) throws SSLHandshakeException {
    int listEnd = list.position() + u16(list);
    checkWithin(list, listEnd);
    while (list.position() < listEnd) {
      int nameType = u8(list);
      int length = u16(list);
      checkWithin(list, list.position() + length);
      if (nameType == HOST_NAME) {
        byte[] name = new byte[length];
        list.get(name);
        return validHostName(name);
      }
      skip(list, length);
    }
    return null;
  }

  /** A host name is ASCII letters, digits, hyphens and dots (RFC 6066: no IP literals either). */
  private static String validHostName(byte[] name) throws SSLHandshakeException {
    if (name.length == 0 || name.length > 255) {
      throw new SSLHandshakeException("SNI host name of " + name.length + " bytes");
    }
    for (byte b : name) {
      boolean ok =
          (b >= 'a' && b <= 'z')
              || (b >= 'A' && b <= 'Z')
              || (b >= '0' && b <= '9')
              || b == '-'
              || b == '.'
              || b == '_';
      if (!ok) {
        throw new SSLHandshakeException("SNI host name is not ASCII letters, digits, '-' and '.'");
      }
    }
    return new String(name, StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT);
  }

  private static int u8(ByteBuffer b) {
    return b.get() & 0xff;
  }

  private static int u16(ByteBuffer b) {
    return b.getShort() & 0xffff;
  }

  private static void skip(ByteBuffer b, int n) {
    b.position(b.position() + n); // IllegalArgumentException past the limit
  }

  private static void checkWithin(ByteBuffer b, int end) {
    if (end > b.limit()) {
      throw new IllegalArgumentException("length beyond the message");
    }
  }
}
