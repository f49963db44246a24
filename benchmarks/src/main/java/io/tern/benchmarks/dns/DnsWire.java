package io.tern.benchmarks.dns;

import java.util.HexFormat;

/** The response both twins decode, as it would arrive from a resolver. */
final class DnsWire {
  /**
   * {@code www.example.org. A}: a CNAME to {@code web.example.org.} and four A records, names
   * compressed, then an OPT record with a 1232-byte payload size.
   */
  static final byte[] RESPONSE =
      HexFormat.of()
          .parseHex(
              ""
                  + "12348180000100050000000103777777076578616d706c65036f726700000100"
                  + "01c00c0005000100000e10000603776562c010c02d000100010000012c0004c0"
                  + "00020ac02d000100010000012c0004c000020bc02d000100010000012c0004c0"
                  + "00020cc02d000100010000012c0004c000020d00002904d0000000000000");

  private DnsWire() {}
}
