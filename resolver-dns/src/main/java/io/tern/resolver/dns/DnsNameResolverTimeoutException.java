package io.tern.resolver.dns;

import java.io.Serial;

/**
 * No name server answered a query in time, after every attempt the configuration allows ({@code
 * attempts} times each server, {@code timeout} each).
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable once thrown: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public class DnsNameResolverTimeoutException extends DnsNameResolverException {
  @Serial private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param hostname the name as the caller gave it
   * @param message which question, which servers, how long
   */
  public DnsNameResolverTimeoutException(String hostname, String message) {
    super(hostname, null, message);
  }
}
