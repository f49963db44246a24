package io.tern.codec.dns;

import io.tern.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes one message. Owner names, question names and the names inside NS, CNAME, PTR, MX and SOA
 * data are compressed (RFC 1035 4.1.4); SRV and SVCB targets are not (RFC 2782, RFC 9460), nor is
 * anything in a raw record, whose data is copied as it is.
 */
final class DnsMessageWriter {
  private final ByteBuf out;
  private final int start;
  private final Map<String, Integer> table = new HashMap<>();

  private DnsMessageWriter(ByteBuf out) {
    this.out = out;
    this.start = out.writerIndex();
  }

  static void write(DnsMessage m, ByteBuf out) {
    new DnsMessageWriter(out).message(m);
  }

  private void message(DnsMessage m) {
    int rcode = m.responseCode().code();
    int flags =
        (m.isResponse() ? 0x8000 : 0)
            | (m.opCode() << 11)
            | (m.isAuthoritative() ? 0x0400 : 0)
            | (m.isTruncated() ? 0x0200 : 0)
            | (m.isRecursionDesired() ? 0x0100 : 0)
            | (m.isRecursionAvailable() ? 0x0080 : 0)
            | (m.isAuthenticData() ? 0x0020 : 0)
            | (m.isCheckingDisabled() ? 0x0010 : 0)
            | (rcode & 0xF);
    int additionals = m.additionals().size() + (m.edns() != null ? 1 : 0);
    checkCount(m.questions().size());
    checkCount(m.answers().size());
    checkCount(m.authorities().size());
    checkCount(additionals);
    out.writeShort(m.id());
    out.writeShort(flags);
    out.writeShort(m.questions().size());
    out.writeShort(m.answers().size());
    out.writeShort(m.authorities().size());
    out.writeShort(additionals);
    for (DnsQuestion q : m.questions()) {
      DnsNames.write(out, q.name(), start, table);
      out.writeShort(q.type().code());
      out.writeShort(q.dnsClass());
    }
    records(m.answers());
    records(m.authorities());
    records(m.additionals());
    if (m.edns() != null) {
      opt(m.edns(), rcode >> 4);
    }
  }

  private static void checkCount(int n) {
    if (n > 0xFFFF) {
      throw new IllegalArgumentException("more than 65535 entries in a section");
    }
  }

  private void records(List<DnsRecord> records) {
    for (DnsRecord r : records) {
      record(r);
    }
  }

  private void record(DnsRecord r) {
    DnsNames.write(out, r.name(), start, table);
    out.writeShort(r.type().code());
    out.writeShort(r.dnsClass());
    out.writeInt((int) r.ttl());
    int lengthAt = out.writerIndex();
    out.writeShort(0);
    switch (r) {
      case DnsAddressRecord a -> out.writeBytes(a.address().getAddress());
      case DnsNameRecord n -> DnsNames.write(out, n.target(), start, table);
      case DnsMxRecord mx -> {
        out.writeShort(mx.preference());
        DnsNames.write(out, mx.exchange(), start, table);
      }
      case DnsTxtRecord txt -> {
        for (String s : txt.strings()) {
          out.writeByte(s.length());
          out.writeCharSequence(s, StandardCharsets.ISO_8859_1);
        }
      }
      case DnsSrvRecord srv -> {
        out.writeShort(srv.priority());
        out.writeShort(srv.weight());
        out.writeShort(srv.port());
        DnsNames.write(out, srv.target(), start, null);
      }
      case DnsSoaRecord soa -> {
        DnsNames.write(out, soa.primaryServer(), start, table);
        DnsNames.write(out, soa.responsibleMailbox(), start, table);
        out.writeInt((int) soa.serial());
        out.writeInt((int) soa.refresh());
        out.writeInt((int) soa.retry());
        out.writeInt((int) soa.expire());
        out.writeInt((int) soa.minimum());
      }
      case DnsCaaRecord caa -> {
        out.writeByte(caa.flags());
        out.writeByte(caa.tag().length());
        out.writeCharSequence(caa.tag(), StandardCharsets.ISO_8859_1);
        out.writeCharSequence(caa.value(), StandardCharsets.ISO_8859_1);
      }
      case DnsSvcbRecord svcb -> {
        out.writeShort(svcb.priority());
        DnsNames.write(out, svcb.target(), start, null);
        for (DnsSvcbRecord.Param p : svcb.params()) {
          out.writeShort(p.key());
          out.writeShort(p.value().length());
          out.writeBytes(p.value().array());
        }
      }
      case DnsRawRecord raw -> out.writeBytes(raw.data().array());
    }
    setLength(lengthAt);
  }

  private void setLength(int lengthAt) {
    int length = out.writerIndex() - lengthAt - 2;
    if (length > 0xFFFF) {
      throw new IllegalArgumentException("record data longer than 65535 bytes");
    }
    out.setShort(lengthAt, length);
  }

  private void opt(Edns edns, int extendedRcode) {
    out.writeByte(0); // the root
    out.writeShort(DnsRecordType.OPT.code());
    out.writeShort(edns.udpPayloadSize());
    out.writeByte(extendedRcode);
    out.writeByte(edns.version());
    out.writeShort(edns.dnssecOk() ? 0x8000 : 0);
    int lengthAt = out.writerIndex();
    out.writeShort(0);
    for (EdnsOption o : edns.options()) {
      out.writeShort(o.code());
      int optionLengthAt = out.writerIndex();
      out.writeShort(0);
      switch (o) {
        case EdnsClientSubnetOption ecs -> {
          out.writeShort(ecs.family());
          out.writeByte(ecs.sourcePrefixLength());
          out.writeByte(ecs.scopePrefixLength());
          out.writeBytes(ecs.address().getAddress(), 0, (ecs.sourcePrefixLength() + 7) / 8);
        }
        case EdnsRawOption raw -> out.writeBytes(raw.data().array());
      }
      setLength(optionLengthAt);
    }
    setLength(lengthAt);
  }
}
