/**
 * The HAProxy PROXY protocol (versions 1 and 2), with which a proxy or load balancer tells the
 * server behind it who the client is.
 *
 * <p>{@link io.tern.codec.haproxy.HAProxyMessageDecoder} reads the one header at the start of a
 * connection and removes itself; {@link io.tern.codec.haproxy.ProxiedAddressHandler} then makes
 * {@code Channel.remoteAddress()} report the client; {@link
 * io.tern.codec.haproxy.HAProxyMessageEncoder} writes headers for a proxy or a client. Messages and
 * TLVs are immutable values that hold no reference-counted objects.
 */
package io.tern.codec.haproxy;
