/**
 * Proxy handlers for clients: {@link io.tern.handler.proxy.Socks4ProxyHandler} (SOCKS 4, and 4a for
 * host names), {@link io.tern.handler.proxy.Socks5ProxyHandler} (no authentication or
 * username/password) and {@link io.tern.handler.proxy.HttpProxyHandler} (HTTP {@code CONNECT},
 * optionally with Basic authentication). Each connects to the proxy instead of the destination,
 * runs the proxy's handshake, and only then completes the connect future and lets the channel
 * become active for the handlers after it; a refusal or a timeout fails the connect with a {@link
 * io.tern.handler.proxy.ProxyConnectException} that names the proxy's reply.
 */
package io.tern.handler.proxy;
