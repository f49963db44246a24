/**
 * An asynchronous DNS resolver: {@link io.tern.resolver.dns.DnsNameResolver}, built with {@link
 * io.tern.resolver.dns.DnsNameResolverBuilder}, resolves host names on one event loop and plugs
 * into {@code Bootstrap} as its {@code AddressResolver}. Failures are {@link
 * java.net.UnknownHostException}s: {@link io.tern.resolver.dns.DnsNameResolverException} names the
 * host and the response code, {@link io.tern.resolver.dns.DnsNameResolverTimeoutException} a server
 * that never answered.
 */
package io.tern.resolver.dns;
