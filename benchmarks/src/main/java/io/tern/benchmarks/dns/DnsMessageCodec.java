package io.tern.benchmarks.dns;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.codec.dns.DatagramDnsDecoder;
import io.tern.codec.dns.DatagramDnsEncoder;
import io.tern.codec.dns.DnsEnvelope;
import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsQuestion;
import io.tern.codec.dns.DnsRecord;
import io.tern.codec.dns.DnsRecordType;
import io.tern.codec.dns.Edns;
import io.tern.transport.embedded.EmbeddedChannel;
import io.tern.transport.socket.DatagramPacket;
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

/**
 * A resolver's two codec steps over UDP: decoding a response datagram (a CNAME and four A records,
 * compressed, with EDNS; {@link DnsWire#RESPONSE}) through the datagram decoder, and encoding an A
 * query with EDNS through the datagram encoder. Twin of {@link DnsMessageCodecNetty}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DnsMessageCodec {
  private static final InetSocketAddress SERVER =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 53);
  private static final InetSocketAddress CLIENT =
      new InetSocketAddress(InetAddress.getLoopbackAddress(), 40000);

  private final ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
  private EmbeddedChannel decoder;
  private EmbeddedChannel encoder;
  private DnsMessage query;
  private int id;

  /** Creates the benchmark state (JMH does). */
  public DnsMessageCodec() {}

  /** Builds the channels. */
  @Setup
  public void setUp() {
    decoder = new EmbeddedChannel(new DatagramDnsDecoder());
    encoder = new EmbeddedChannel(new DatagramDnsEncoder());
    query =
        DnsMessage.builder()
            .recursionDesired(true)
            .addQuestion(DnsQuestion.of("www.example.org.", DnsRecordType.A))
            .edns(Edns.of(1232))
            .build();
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
    DnsEnvelope e = decoder.readInbound();
    long digest = e.message().id();
    for (DnsRecord r : e.message().answers()) {
      digest += r.ttl() + r.type().code();
    }
    return digest;
  }

  /**
   * Encodes one query datagram.
   *
   * @return the datagram's length
   */
  @Benchmark
  public int encodeQuery() {
    DnsMessage q = query.toBuilder().id(id++ & 0xFFFF).build();
    encoder.writeOutbound(DnsEnvelope.to(q, SERVER));
    DatagramPacket p = encoder.readOutbound();
    int n = p.content().readableBytes();
    p.release();
    return n;
  }
}
