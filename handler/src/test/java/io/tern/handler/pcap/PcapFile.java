package io.tern.handler.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Parses what {@link PcapWriter} writes, checking every length and checksum on the way. */
final class PcapFile {
  @SuppressWarnings("ArrayRecordComponent") // a test value holder; nobody compares packets
  record Packet(
      long seconds,
      int micros,
      int ipVersion,
      InetAddress src,
      InetAddress dst,
      int protocol,
      int srcPort,
      int dstPort,
      int seq,
      int ack,
      int flags,
      byte[] payload) {
    @Override
    public String toString() {
      return src.getHostAddress()
          + ":"
          + srcPort
          + " > "
          + dst.getHostAddress()
          + ":"
          + dstPort
          + " flags=0x"
          + Integer.toHexString(flags)
          + " seq="
          + seq
          + " ack="
          + ack
          + " len="
          + payload.length;
    }
  }

  final int snaplen;
  final List<Packet> packets = new ArrayList<>();

  PcapFile(byte[] file) throws UnknownHostException {
    ByteBuffer in = ByteBuffer.wrap(file);
    assertThat(in.getInt()).as("magic").isEqualTo(0xa1b2c3d4);
    assertThat(in.getShort()).as("major").isEqualTo((short) 2);
    assertThat(in.getShort()).as("minor").isEqualTo((short) 4);
    in.getInt();
    in.getInt();
    snaplen = in.getInt();
    assertThat(in.getInt()).as("link type").isEqualTo(1);
    while (in.hasRemaining()) {
      long seconds = in.getInt() & 0xffffffffL;
      int micros = in.getInt();
      int captured = in.getInt();
      int original = in.getInt();
      assertThat(captured).isEqualTo(original).isLessThanOrEqualTo(snaplen);
      byte[] frame = new byte[captured];
      in.get(frame);
      packets.add(parse(seconds, micros, frame));
    }
  }

  private static Packet parse(long seconds, int micros, byte[] frame) throws UnknownHostException {
    ByteBuffer f = ByteBuffer.wrap(frame);
    f.position(12);
    int etherType = f.getShort() & 0xffff;
    int ipStart = 14;
    int version = (frame[ipStart] & 0xf0) >> 4;
    InetAddress src;
    InetAddress dst;
    int protocol;
    int transportStart;
    long pseudo;
    if (version == 4) {
      assertThat(etherType).isEqualTo(0x0800);
      int total = f.getShort(ipStart + 2) & 0xffff;
      assertThat(total).as("IPv4 total length").isEqualTo(frame.length - 14);
      assertThat(fold(sum(frame, ipStart, 20))).as("IPv4 header checksum").isEqualTo(0xffff);
      protocol = frame[ipStart + 9];
      src = InetAddress.getByAddress(Arrays.copyOfRange(frame, ipStart + 12, ipStart + 16));
      dst = InetAddress.getByAddress(Arrays.copyOfRange(frame, ipStart + 16, ipStart + 20));
      transportStart = ipStart + 20;
      pseudo = sum(frame, ipStart + 12, 8);
    } else {
      assertThat(version).isEqualTo(6);
      assertThat(etherType).isEqualTo(0x86dd);
      int payloadLength = f.getShort(ipStart + 4) & 0xffff;
      assertThat(payloadLength).as("IPv6 payload length").isEqualTo(frame.length - 54);
      protocol = frame[ipStart + 6];
      src = InetAddress.getByAddress(Arrays.copyOfRange(frame, ipStart + 8, ipStart + 24));
      dst = InetAddress.getByAddress(Arrays.copyOfRange(frame, ipStart + 24, ipStart + 40));
      transportStart = ipStart + 40;
      pseudo = sum(frame, ipStart + 8, 32);
    }
    int transportLength = frame.length - transportStart;
    long checksum =
        pseudo + protocol + transportLength + sum(frame, transportStart, transportLength);
    assertThat(fold(checksum)).as("transport checksum").isEqualTo(0xffff);
    int srcPort = f.getShort(transportStart) & 0xffff;
    int dstPort = f.getShort(transportStart + 2) & 0xffff;
    if (protocol == 6) {
      int dataOffset = ((frame[transportStart + 12] & 0xf0) >> 4) * 4;
      return new Packet(
          seconds,
          micros,
          version,
          src,
          dst,
          protocol,
          srcPort,
          dstPort,
          f.getInt(transportStart + 4),
          f.getInt(transportStart + 8),
          frame[transportStart + 13] & 0xff,
          Arrays.copyOfRange(frame, transportStart + dataOffset, frame.length));
    }
    assertThat(protocol).isEqualTo(17);
    assertThat(f.getShort(transportStart + 4) & 0xffff).as("UDP length").isEqualTo(transportLength);
    return new Packet(
        seconds,
        micros,
        version,
        src,
        dst,
        protocol,
        srcPort,
        dstPort,
        0,
        0,
        0,
        Arrays.copyOfRange(frame, transportStart + 8, frame.length));
  }

  private static long sum(byte[] a, int offset, int length) {
    long sum = 0;
    int i = offset;
    for (; i + 1 < offset + length; i += 2) {
      sum += ((a[i] & 0xff) << 8) | (a[i + 1] & 0xff);
    }
    if (i < offset + length) {
      sum += (a[i] & 0xff) << 8;
    }
    return sum;
  }

  private static long fold(long sum) {
    while ((sum >>> 16) != 0) {
      sum = (sum & 0xffff) + (sum >>> 16);
    }
    return sum;
  }
}
