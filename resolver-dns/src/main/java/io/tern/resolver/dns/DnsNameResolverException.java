package io.tern.resolver.dns;

import io.tern.codec.dns.DnsResponseCode;
import java.io.Serial;
import java.net.UnknownHostException;

/**
 * A host name that could not be resolved: the name does not exist ({@code NXDOMAIN}), has no
 * address of the families asked for ({@code NOERROR} with no data), every server failed ({@code
 * SERVFAIL}, {@code REFUSED}, ...), or its answers were unusable (a CNAME loop, a chain too long).
 * Being an {@link UnknownHostException}, it is what code written for {@code InetAddress.getByName}
 * already catches.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable once thrown: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public class DnsNameResolverException extends UnknownHostException {
  @Serial private static final long serialVersionUID = 1L;

  /** The host name as the caller gave it. */
  private final String hostname;

  /** The response code that decided the failure, or {@code null}; not serializable, not sent. */
  private final transient DnsResponseCode responseCode;

  /**
   * Creates an exception.
   *
   * @param hostname the name as the caller gave it
   * @param responseCode the response code that decided it, or {@code null}
   * @param message what went wrong
   */
  public DnsNameResolverException(String hostname, DnsResponseCode responseCode, String message) {
    super(hostname + ": " + message);
    this.hostname = hostname;
    this.responseCode = responseCode;
  }

  /**
   * Returns the host name as the caller gave it.
   *
   * @return the name
   */
  public String hostname() {
    return hostname;
  }

  /**
   * Returns the response code that decided the failure: {@code NXDOMAIN} for a name that does not
   * exist, {@code NOERROR} for a name without addresses of the families asked for, the last error
   * code when every server failed.
   *
   * @return the code, or {@code null} when no server answered with one (a timeout, a CNAME loop)
   */
  public DnsResponseCode responseCode() {
    return responseCode;
  }
}
