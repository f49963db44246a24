package io.tern.benchmarks.dns;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.DatagramPacket;
import io.netty.handler.codec.dns.AbstractDnsOptPseudoRrRecord;
import io.netty.handler.codec.dns.DatagramDnsQuery;
import io.netty.handler.codec.dns.DatagramDnsQueryEncoder;
import io.netty.handler.codec.dns.DatagramDnsResponse;
import io.netty.handler.codec.dns.DatagramDnsResponseDecoder;
import io.netty.handler.codec.dns.DefaultDnsQuestion;
import io.netty.handler.codec.dns.DnsRecord;
import io.netty.handler.codec.dns.DnsRecordType;
import io.netty.handler.codec.dns.DnsSection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/** Netty twin of {@link DnsMessageCodec}: the same datagram, the same query. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DnsMessageCodecNetty {
  private static final InetSocketAddress SERVER =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 53);
  private static final InetSocketAddress CLIENT =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 40000);

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private EmbeddedChannel decoder;
  private EmbeddedChannel encoder;
  private int id;

  /** Creates the benchmark state (JMH does). */
  public DnsMessageCodecNetty() {}

  /** Builds the channels. */
  @Setup
  public void setUp() {
    decoder = new EmbeddedChannel(new DatagramDnsResponseDecoder());
    encoder = new EmbeddedChannel(new DatagramDnsQueryEncoder());
  }

  /** Closes the channels. */
  @TearDown
  public void tearDown() {
    decoder.finishAndReleaseAll();
    encoder.finishAndReleaseAll();
  }

  /**
   * Decodes one response datagram.
   *
   * @return a digest of the answers
   */
  @Benchmark
  public long decodeResponse() {
    ByteBuf read = alloc.directBuffer(DnsWire.RESPONSE.length);
    read.writeBytes(DnsWire.RESPONSE);
    decoder.writeInbound(new DatagramPacket(read, CLIENT, SERVER));
    DatagramDnsResponse r = decoder.readInbound();
    long digest = r.id();
    int n = r.count(DnsSection.ANSWER);
    for (int i = 0; i < n; i++) {
      DnsRecord rec = r.recordAt(DnsSection.ANSWER, i);
      digest += rec.timeToLive() + rec.type().intValue();
    }
    r.release();
    return digest;
  }

  /**
   * Encodes one query datagram.
   *
   * @return the datagram's length
   */
  @Benchmark
  public int encodeQuery() {
    DatagramDnsQuery q = new DatagramDnsQuery(null, SERVER, id++ & 0xFFFF);
    q.setRecursionDesired(true);
    q.addRecord(DnsSection.QUESTION, new DefaultDnsQuestion("www.example.org.", DnsRecordType.A));
    q.addRecord(DnsSection.ADDITIONAL, new AbstractDnsOptPseudoRrRecord(1232, 0, 0) {});
    encoder.writeOutbound(q);
    DatagramPacket p = encoder.readOutbound();
    int n = p.content().readableBytes();
    p.release();
    return n;
  }
}
