package io.tern.codec.dns;

import java.util.List;

/**
 * The EDNS0 pseudo-record (OPT, RFC 6891) of a message: the largest UDP payload the sender accepts,
 * the EDNS version, the DNSSEC-OK bit and the options. The extended part of the response code is
 * not here: {@link DnsMessage#responseCode()} holds all 12 bits.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param udpPayloadSize the sender's UDP payload size (values under 512 are read as 512)
 * @param version the EDNS version, 0
 * @param dnssecOk the DO bit
 * @param options the options, in order
 */
public record Edns(int udpPayloadSize, int version, boolean dnssecOk, List<EdnsOption> options) {
  /** Checks the fields and copies the list. */
  public Edns {
    DnsNames.checkU16(udpPayloadSize, "UDP payload size");
    if (version < 0 || version > 0xFF) {
      throw new IllegalArgumentException("EDNS version out of range: " + version);
    }
    options = List.copyOf(options);
  }

  /**
   * EDNS version 0 with no options.
   *
   * @param udpPayloadSize the UDP payload size to announce
   * @return the EDNS data
   */
  public static Edns of(int udpPayloadSize) {
    return new Edns(udpPayloadSize, 0, false, List.of());
  }
}
