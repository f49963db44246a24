package io.tern.handler.ssl.spi;

/**
 * Marks an {@code SSLEngine} that reads and writes native memory in place, such as one over a C
 * library: {@code io.tern.handler.ssl.SslHandler} then hands it the channel's direct buffers as
 * they are and wraps into direct buffers. Without the mark the handler assumes the JDK's engine,
 * whose ciphers run on arrays: it copies direct input onto the heap once per batch and wraps into
 * heap buffers, which a native engine would only have to cross back.
 *
 * <p>Implemented by the engine class itself, next to {@code SSLEngine}; it declares no methods.
 *
 * <h2>Threading</h2>
 *
 * A type mark, read once when a handler is created; nothing to call.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public interface NativeSslEngine {}
