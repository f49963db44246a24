package io.tern.handler.proxy;

import java.net.SocketAddress;

/**
 * Fired as a user event once the proxy has connected to the destination, just before {@code
 * channelActive} reaches the handlers after the proxy handler.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable: any thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 *
 * @param protocol {@code socks4}, {@code socks4a}, {@code socks5} or {@code http}
 * @param authScheme {@code none}, {@code userid}, {@code password} or {@code basic}
 * @param proxyAddress the proxy
 * @param destinationAddress where the proxy connected to
 */
public record ProxyConnectionEvent(
    String protocol,
    String authScheme,
    SocketAddress proxyAddress,
    SocketAddress destinationAddress) {}
