package io.tern.resolver.dns.internal;

import io.tern.codec.dns.DnsMessage;
import io.tern.codec.dns.DnsQuestion;
import java.net.InetSocketAddress;

/** A query waiting on a UDP socket for its answer, under one id. */
interface PendingQuery {
  /** The question the answer must repeat. */
  DnsQuestion question();

  /** The server the answer must come from. */
  InetSocketAddress server();

  /** The answer arrived and matched; the socket has already forgotten the id. */
  void answered(DnsMessage response);

  /** The query could not be sent (or the socket went away); the socket has forgotten the id. */
  void sendFailed(Throwable cause);
}
