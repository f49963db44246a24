/**
 * Chunked writes: {@link io.tern.handler.stream.ChunkedWriteHandler} writes {@link
 * io.tern.handler.stream.ChunkedInput}s (files, NIO files, streams) chunk by chunk while the
 * channel is writable.
 *
 * <p>Threading: the handler and the inputs are used on the channel's executor.
 */
package io.tern.handler.stream;
