/**
 * DNS messages (RFC 1035) and the codecs that carry them over UDP ({@link
 * io.tern.codec.dns.DatagramDnsDecoder}, {@link io.tern.codec.dns.DatagramDnsEncoder}) and TCP
 * ({@link io.tern.codec.dns.TcpDnsDecoder}, {@link io.tern.codec.dns.TcpDnsEncoder}); {@link
 * io.tern.codec.dns.DnsMessages} decodes and encodes one message in a buffer. Messages, questions
 * and records are immutable values that hold no reference-counted objects.
 */
package io.tern.codec.dns;
