/**
 * The local transport: channels connected inside one JVM, passing messages (any objects, not only
 * buffers) without sockets. {@link io.tern.transport.local.LocalServerChannel} listens on a {@link
 * io.tern.transport.local.LocalAddress}; {@link io.tern.transport.local.LocalChannel} connects to
 * it. Both run on loops of a group built with {@link io.tern.transport.local.LocalIoHandler}.
 */
package io.tern.transport.local;
