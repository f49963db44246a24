package io.tern.codec.haproxy;

/**
 * The command of a PROXY protocol header.
 *
 * <h2>Threading</h2>
 *
 * <p>An immutable constant: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public enum HAProxyCommand {
  /**
   * The proxy opened the connection itself (a health check, in version 2 only): the receiver uses
   * the connection's own addresses.
   */
  LOCAL,
  /** The connection is relayed on behalf of the client the header names. */
  PROXY
}
