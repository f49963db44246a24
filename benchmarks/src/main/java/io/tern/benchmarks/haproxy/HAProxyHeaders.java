package io.tern.benchmarks.haproxy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * The PROXY headers both twins decode, as bytes built here (not by either codec): a version 1 TCP4
 * line, a version 2 TCP4 header, and a version 2 TCP6 header with the TLVs haproxy sends with
 * {@code proxy-v2-options ssl,crc32c} plus ALPN and authority.
 */
final class HAProxyHeaders {
  private HAProxyHeaders() {}

  private static final byte[] SIGNATURE = {
    0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a
  };

  static byte[] header(String kind) {
    return switch (kind) {
      case "v1" ->
          "PROXY TCP4 192.168.0.1 192.168.0.11 56324 443\r\n".getBytes(StandardCharsets.US_ASCII);
      case "v2" -> v2(0x11, hex("c0a80001c0a8000bdc0401bb"), new byte[0]);
      case "v2-tlvs" -> v2Tlvs();
      default -> throw new IllegalArgumentException(kind);
    };
  }

  private static byte[] v2Tlvs() {
    ByteArrayOutputStream tlvs = new ByteArrayOutputStream();
    tlv(tlvs, 0x01, "h2".getBytes(StandardCharsets.US_ASCII));
    tlv(tlvs, 0x02, "www.example.com".getBytes(StandardCharsets.US_ASCII));
    ByteArrayOutputStream ssl = new ByteArrayOutputStream();
    ssl.writeBytes(new byte[] {0x01, 0, 0, 0, 0});
    tlv(ssl, 0x21, "TLSv1.3".getBytes(StandardCharsets.US_ASCII));
    tlv(ssl, 0x23, "TLS_AES_256_GCM_SHA384".getBytes(StandardCharsets.US_ASCII));
    tlv(tlvs, 0x20, ssl.toByteArray());
    tlv(tlvs, 0x03, new byte[4]);
    byte[] addresses =
        hex("20010db8000000000000000000000001" + "20010db8000000000000000000000002" + "dc0401bb");
    byte[] h = v2(0x21, addresses, tlvs.toByteArray());
    CRC32C crc = new CRC32C();
    crc.update(h);
    int v = (int) crc.getValue();
    int at = h.length - 4;
    h[at] = (byte) (v >>> 24);
    h[at + 1] = (byte) (v >>> 16);
    h[at + 2] = (byte) (v >>> 8);
    h[at + 3] = (byte) v;
    return h;
  }

  private static byte[] v2(int family, byte[] addresses, byte[] tlvs) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(SIGNATURE);
    out.write(0x21);
    out.write(family);
    int length = addresses.length + tlvs.length;
    out.write(length >>> 8);
    out.write(length & 0xff);
    out.writeBytes(addresses);
    out.writeBytes(tlvs);
    return out.toByteArray();
  }

  private static void tlv(ByteArrayOutputStream out, int type, byte[] value) {
    out.write(type);
    out.write(value.length >>> 8);
    out.write(value.length & 0xff);
    out.writeBytes(value);
  }

  private static byte[] hex(String s) {
    byte[] b = new byte[s.length() / 2];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
    }
    return b;
  }
}
