package io.tern.codec.dns;

import io.tern.buffer.ByteBuf;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reads one message from the readable bytes of a buffer, under {@link DnsLimits}. */
final class DnsMessageReader {
  private static final int HEADER_LENGTH = 12;

  private final ByteBuf buf;
  private final int start;
  private final DnsLimits limits;
  private Edns edns;
  private int extendedRcode;

  private DnsMessageReader(ByteBuf buf, DnsLimits limits) {
    this.buf = buf;
    this.start = buf.readerIndex();
    this.limits = limits;
  }

  static DnsMessage read(ByteBuf buf, DnsLimits limits) {
    return new DnsMessageReader(buf, limits).message();
  }

  private DnsMessage message() {
    if (buf.readableBytes() < HEADER_LENGTH) {
      throw new DnsDecoderException("message shorter than its 12-byte header");
    }
    int id = buf.readUnsignedShort();
    int flags = buf.readUnsignedShort();
    int qd = buf.readUnsignedShort();
    int an = buf.readUnsignedShort();
    int ns = buf.readUnsignedShort();
    int ar = buf.readUnsignedShort();
    if (qd > limits.maxQuestions()) {
      throw new DnsDecoderException(qd + " questions, more than " + limits.maxQuestions());
    }
    if (an + ns + ar > limits.maxRecords()) {
      throw new DnsDecoderException((an + ns + ar) + " records, more than " + limits.maxRecords());
    }
    DnsMessage.Builder b =
        DnsMessage.builder()
            .id(id)
            .response((flags & 0x8000) != 0)
            .opCode((flags >> 11) & 0xF)
            .authoritative((flags & 0x0400) != 0)
            .truncated((flags & 0x0200) != 0)
            .recursionDesired((flags & 0x0100) != 0)
            .recursionAvailable((flags & 0x0080) != 0)
            .authenticData((flags & 0x0020) != 0)
            .checkingDisabled((flags & 0x0010) != 0);
    for (int i = 0; i < qd; i++) {
      String name = DnsNames.read(buf, start, limits);
      need(4, "question");
      int type = buf.readUnsignedShort();
      int dnsClass = buf.readUnsignedShort();
      b.addQuestion(new DnsQuestion(name, DnsRecordType.valueOf(type), dnsClass));
    }
    for (int i = 0; i < an; i++) {
      b.addAnswer(record(false));
    }
    for (int i = 0; i < ns; i++) {
      b.addAuthority(record(false));
    }
    for (int i = 0; i < ar; i++) {
      DnsRecord r = record(true);
      if (r != null) {
        b.addAdditional(r);
      }
    }
    b.edns(edns);
    b.responseCode(DnsResponseCode.valueOf((extendedRcode << 4) | (flags & 0xF)));
    return b.build();
  }

  private void need(int n, String what) {
    if (buf.readableBytes() < n) {
      throw new DnsDecoderException(what + " cut short");
    }
  }

  /** Reads a record; an OPT (only allowed in the additional section) sets {@link #edns}. */
  private DnsRecord record(boolean additional) {
    String name = DnsNames.read(buf, start, limits);
    need(10, "record");
    int typeCode = buf.readUnsignedShort();
    int dnsClass = buf.readUnsignedShort();
    long rawTtl = buf.readUnsignedInt();
    int length = buf.readUnsignedShort();
    need(length, "record data");
    int end = buf.readerIndex() + length;
    DnsRecordType type = DnsRecordType.valueOf(typeCode);
    if (type.equals(DnsRecordType.OPT)) {
      if (!additional || edns != null || !name.equals(".")) {
        throw new DnsDecoderException("OPT record misplaced, repeated, or not at the root");
      }
      edns = opt(dnsClass, rawTtl, end);
      return null;
    }
    // RFC 2181: a TTL with the top bit set is read as zero.
    long ttl = rawTtl > Integer.MAX_VALUE ? 0 : rawTtl;
    DnsRecord r;
    int code = type.code();
    r =
        switch (code) {
          case 1 -> new DnsAddressRecord(name, dnsClass, ttl, address(length, 4));
          case 28 -> new DnsAddressRecord(name, dnsClass, ttl, address(length, 16));
          case 2, 5, 12 -> new DnsNameRecord(name, type, dnsClass, ttl, name(end));
          case 15 -> {
            int preference = u16(end);
            yield new DnsMxRecord(name, dnsClass, ttl, preference, name(end));
          }
          case 16 -> new DnsTxtRecord(name, dnsClass, ttl, strings(end));
          case 33 -> {
            int priority = u16(end);
            int weight = u16(end);
            int port = u16(end);
            yield new DnsSrvRecord(name, dnsClass, ttl, priority, weight, port, name(end));
          }
          case 6 -> {
            String mname = name(end);
            String rname = name(end);
            if (end - buf.readerIndex() != 20) {
              throw new DnsDecoderException("SOA data of the wrong length");
            }
            yield new DnsSoaRecord(
                name,
                dnsClass,
                ttl,
                mname,
                rname,
                buf.readUnsignedInt(),
                buf.readUnsignedInt(),
                buf.readUnsignedInt(),
                buf.readUnsignedInt(),
                buf.readUnsignedInt());
          }
          case 257 -> caa(name, dnsClass, ttl, end);
          case 64, 65 -> svcb(name, type, dnsClass, ttl, end);
          default -> new DnsRawRecord(name, type, dnsClass, ttl, bytes(length));
        };
    if (buf.readerIndex() != end) {
      throw new DnsDecoderException(type + " data of the wrong length");
    }
    return r;
  }

  private InetAddress address(int length, int expected) {
    if (length != expected) {
      throw new DnsDecoderException("address record of " + length + " bytes");
    }
    byte[] a = new byte[expected];
    buf.readBytes(a);
    try {
      return InetAddress.getByAddress(a);
    } catch (UnknownHostException e) {
      throw new AssertionError(e);
    }
  }

  private int u16(int end) {
    if (end - buf.readerIndex() < 2) {
      throw new DnsDecoderException("record data cut short");
    }
    return buf.readUnsignedShort();
  }

  private String name(int end) {
    if (buf.readerIndex() >= end) {
      throw new DnsDecoderException("record data cut short");
    }
    String n = DnsNames.read(buf, start, limits);
    if (buf.readerIndex() > end) {
      throw new DnsDecoderException("name runs past its record's data");
    }
    return n;
  }

  private DnsBytes bytes(int n) {
    byte[] b = new byte[n];
    buf.readBytes(b);
    return DnsBytes.wrap(b);
  }

  private List<String> strings(int end) {
    List<String> strings = new ArrayList<>(1);
    while (buf.readerIndex() < end) {
      int len = buf.readUnsignedByte();
      if (end - buf.readerIndex() < len) {
        throw new DnsDecoderException("TXT string cut short");
      }
      strings.add(buf.readCharSequence(len, StandardCharsets.ISO_8859_1).toString());
    }
    return strings;
  }

  private DnsCaaRecord caa(String name, int dnsClass, long ttl, int end) {
    if (end - buf.readerIndex() < 2) {
      throw new DnsDecoderException("CAA data cut short");
    }
    int flags = buf.readUnsignedByte();
    int tagLength = buf.readUnsignedByte();
    if (tagLength == 0 || tagLength > 15 || end - buf.readerIndex() < tagLength) {
      throw new DnsDecoderException("bad CAA tag length " + tagLength);
    }
    String tag = buf.readCharSequence(tagLength, StandardCharsets.ISO_8859_1).toString();
    if (!tag.chars().allMatch(DnsCaaRecord::isTagChar)) {
      throw new DnsDecoderException("bad CAA tag");
    }
    String value =
        buf.readCharSequence(end - buf.readerIndex(), StandardCharsets.ISO_8859_1).toString();
    return new DnsCaaRecord(name, dnsClass, ttl, flags, tag, value);
  }

  private DnsSvcbRecord svcb(String name, DnsRecordType type, int dnsClass, long ttl, int end) {
    int priority = u16(end);
    String target = name(end);
    List<DnsSvcbRecord.Param> params = new ArrayList<>();
    int last = -1;
    while (buf.readerIndex() < end) {
      int key = u16(end);
      int len = u16(end);
      if (key <= last) {
        throw new DnsDecoderException("SVCB keys not in strictly increasing order");
      }
      if (end - buf.readerIndex() < len) {
        throw new DnsDecoderException("SVCB parameter cut short");
      }
      last = key;
      params.add(new DnsSvcbRecord.Param(key, bytes(len)));
    }
    return new DnsSvcbRecord(name, type, dnsClass, ttl, priority, target, params);
  }

  private Edns opt(int payloadSize, long ttl, int end) {
    extendedRcode = (int) (ttl >>> 24);
    int version = (int) (ttl >>> 16) & 0xFF;
    boolean dnssecOk = (ttl & 0x8000) != 0;
    List<EdnsOption> options = new ArrayList<>();
    while (buf.readerIndex() < end) {
      int code = u16(end);
      int len = u16(end);
      if (end - buf.readerIndex() < len) {
        throw new DnsDecoderException("EDNS option cut short");
      }
      options.add(code == EdnsClientSubnetOption.CODE ? clientSubnet(len) : raw(code, len));
    }
    return new Edns(payloadSize, version, dnssecOk, options);
  }

  private EdnsRawOption raw(int code, int len) {
    return new EdnsRawOption(code, bytes(len));
  }

  private EdnsClientSubnetOption clientSubnet(int len) {
    if (len < 4) {
      throw new DnsDecoderException("client-subnet option cut short");
    }
    int family = buf.readUnsignedShort();
    int source = buf.readUnsignedByte();
    int scope = buf.readUnsignedByte();
    int size = family == 1 ? 4 : family == 2 ? 16 : -1;
    if (size < 0) {
      throw new DnsDecoderException("client-subnet family " + family);
    }
    int addressBytes = len - 4;
    if (source > size * 8 || scope > size * 8 || addressBytes != (source + 7) / 8) {
      throw new DnsDecoderException("client-subnet prefix and address do not agree");
    }
    byte[] a = new byte[size];
    buf.readBytes(a, 0, addressBytes);
    try {
      return new EdnsClientSubnetOption(source, scope, InetAddress.getByAddress(a));
    } catch (UnknownHostException e) {
      throw new AssertionError(e);
    }
  }
}
