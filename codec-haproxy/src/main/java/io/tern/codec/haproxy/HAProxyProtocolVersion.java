package io.tern.codec.haproxy;

/**
 * The version of a PROXY protocol header.
 *
 * <h2>Threading</h2>
 *
 * <p>An immutable constant: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public enum HAProxyProtocolVersion {
  /** Version 1: one line of text, {@code PROXY TCP4 1.2.3.4 5.6.7.8 1234 80\r\n}. */
  V1,
  /** Version 2: a binary header with a 12-byte signature, addresses and optional TLVs. */
  V2
}
