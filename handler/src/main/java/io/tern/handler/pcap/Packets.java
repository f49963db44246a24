package io.tern.handler.pcap;

import io.tern.buffer.ByteBuf;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/**
 * Builds Ethernet frames around a payload: an Ethernet II header, an IPv4 or IPv6 header and a TCP
 * or UDP header, with correct lengths and checksums, so Wireshark decodes them as real traffic.
 *
 * <pre>
 *   | Ethernet 14 | IPv4 20 / IPv6 40 | TCP 20 / UDP 8 | payload |
 * </pre>
 *
 * <p>IPv4 is used when both ends are IPv4, IPv6 otherwise (an IPv4 end becomes {@code
 * ::ffff:a.b.c.d}). Stateless; any thread.
 */
final class Packets {
  static final int ETHERNET_HEADER = 14;
  static final int IPV4_HEADER = 20;
  static final int IPV6_HEADER = 40;
  static final int TCP_HEADER = 20;
  static final int UDP_HEADER = 8;

  /** The largest payload one packet carries: what fits an IPv4 total length with TCP. */
  static final int MAX_PAYLOAD = 0xffff - IPV4_HEADER - TCP_HEADER;

  static final int FIN = 0x01;
  static final int SYN = 0x02;
  static final int RST = 0x04;
  static final int PSH = 0x08;
  static final int ACK = 0x10;

  private static final int ETHERTYPE_IPV4 = 0x0800;
  private static final int ETHERTYPE_IPV6 = 0x86dd;
  private static final int PROTOCOL_TCP = 6;
  private static final int PROTOCOL_UDP = 17;
  private static final int TTL = 64;

  // Locally administered unicast addresses: they name the two ends, nothing more.
  private static final byte[] LOCAL_MAC = {0x02, 0, 0, 0, 0, 0x01};
  private static final byte[] REMOTE_MAC = {0x02, 0, 0, 0, 0, 0x02};

  private Packets() {}

  /**
   * Builds a TCP segment.
   *
   * @param fromLocal whether the local end sends it (selects the MAC addresses)
   */
  static byte[] tcp(
      InetSocketAddress src,
      InetSocketAddress dst,
      boolean fromLocal,
      int seq,
      int ack,
      int flags,
      ByteBuf payload,
      int index,
      int length) {
    byte[] bytes = new byte[ETHERNET_HEADER + ipHeaderLength(src, dst) + TCP_HEADER + length];
    ByteBuffer frame = ByteBuffer.wrap(bytes);
    header(frame, bytes, src, dst, fromLocal, PROTOCOL_TCP, TCP_HEADER + length);
    int transportStart = frame.position();
    frame.putShort((short) src.getPort());
    frame.putShort((short) dst.getPort());
    frame.putInt(seq);
    frame.putInt(ack);
    frame.put((byte) (5 << 4)); // data offset: five 32-bit words, no options
    frame.put((byte) flags);
    frame.putShort((short) 0xffff); // window
    int checksumAt = frame.position();
    frame.putShort((short) 0);
    frame.putShort((short) 0); // urgent pointer
    putPayload(frame, bytes, payload, index, length);
    frame.putShort(checksumAt, transportChecksum(bytes, transportStart, PROTOCOL_TCP));
    return bytes;
  }

  /**
   * Builds a UDP datagram.
   *
   * @param fromLocal whether the local end sends it (selects the MAC addresses)
   */
  static byte[] udp(
      InetSocketAddress src,
      InetSocketAddress dst,
      boolean fromLocal,
      ByteBuf payload,
      int index,
      int length) {
    byte[] bytes = new byte[ETHERNET_HEADER + ipHeaderLength(src, dst) + UDP_HEADER + length];
    ByteBuffer frame = ByteBuffer.wrap(bytes);
    header(frame, bytes, src, dst, fromLocal, PROTOCOL_UDP, UDP_HEADER + length);
    int transportStart = frame.position();
    frame.putShort((short) src.getPort());
    frame.putShort((short) dst.getPort());
    frame.putShort((short) (UDP_HEADER + length));
    int checksumAt = frame.position();
    frame.putShort((short) 0);
    putPayload(frame, bytes, payload, index, length);
    short checksum = transportChecksum(bytes, transportStart, PROTOCOL_UDP);
    frame.putShort(checksumAt, checksum == 0 ? (short) 0xffff : checksum); // 0 means "none"
    return bytes;
  }

  private static void putPayload(
      ByteBuffer frame, byte[] bytes, ByteBuf payload, int index, int length) {
    if (length > 0) {
      payload.getBytes(index, bytes, frame.position(), length);
      frame.position(frame.position() + length);
    }
  }

  private static int ipHeaderLength(InetSocketAddress src, InetSocketAddress dst) {
    boolean v4 =
        src.getAddress().getAddress().length == 4 && dst.getAddress().getAddress().length == 4;
    return v4 ? IPV4_HEADER : IPV6_HEADER;
  }

  /** Writes the Ethernet and IP headers, leaving the frame positioned at the transport header. */
  private static void header(
      ByteBuffer frame,
      byte[] bytes,
      InetSocketAddress src,
      InetSocketAddress dst,
      boolean fromLocal,
      int protocol,
      int ipPayload) {
    byte[] srcIp = src.getAddress().getAddress();
    byte[] dstIp = dst.getAddress().getAddress();
    boolean v4 = srcIp.length == 4 && dstIp.length == 4;
    frame.put(fromLocal ? REMOTE_MAC : LOCAL_MAC);
    frame.put(fromLocal ? LOCAL_MAC : REMOTE_MAC);
    frame.putShort((short) (v4 ? ETHERTYPE_IPV4 : ETHERTYPE_IPV6));
    if (v4) {
      int start = frame.position();
      frame.put((byte) 0x45); // version 4, header length five words
      frame.put((byte) 0);
      frame.putShort((short) (IPV4_HEADER + ipPayload));
      frame.putShort((short) 0); // identification
      frame.putShort((short) 0x4000); // don't fragment
      frame.put((byte) TTL);
      frame.put((byte) protocol);
      frame.putShort((short) 0);
      frame.put(srcIp);
      frame.put(dstIp);
      frame.putShort(start + 10, checksum(bytes, start, IPV4_HEADER, 0));
    } else {
      frame.putInt(0x60000000); // version 6, no traffic class or flow label
      frame.putShort((short) ipPayload);
      frame.put((byte) protocol);
      frame.put((byte) TTL);
      frame.put(toV6(srcIp));
      frame.put(toV6(dstIp));
    }
  }

  /** The TCP/UDP checksum over the pseudo header and the segment starting at {@code start}. */
  private static short transportChecksum(byte[] a, int start, int protocol) {
    int length = a.length - start;
    long sum;
    if ((a[ETHERNET_HEADER] & 0xf0) == 0x40) {
      sum = sum(a, ETHERNET_HEADER + 12, 8); // source and destination addresses
    } else {
      sum = sum(a, ETHERNET_HEADER + 8, 32);
    }
    sum += protocol + length;
    return checksum(a, start, length, sum);
  }

  private static short checksum(byte[] a, int offset, int length, long initial) {
    long sum = initial + sum(a, offset, length);
    while ((sum >>> 16) != 0) {
      sum = (sum & 0xffff) + (sum >>> 16);
    }
    return (short) ~sum;
  }

  private static long sum(byte[] a, int offset, int length) {
    long sum = 0;
    int end = offset + length;
    int i = offset;
    for (; i + 1 < end; i += 2) {
      sum += ((a[i] & 0xff) << 8) | (a[i + 1] & 0xff);
    }
    if (i < end) {
      sum += (a[i] & 0xff) << 8;
    }
    return sum;
  }

  private static byte[] toV6(byte[] ip) {
    if (ip.length == 16) {
      return ip;
    }
    byte[] mapped = new byte[16];
    mapped[10] = (byte) 0xff;
    mapped[11] = (byte) 0xff;
    System.arraycopy(ip, 0, mapped, 12, 4);
    return mapped;
  }
}
