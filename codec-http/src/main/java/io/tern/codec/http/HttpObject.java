package io.tern.codec.http;

/**
 * Any part of an HTTP message as it travels through a pipeline: a message head ({@link
 * HttpMessage}), a piece of content ({@link HttpContent}) or both ({@link FullHttpMessage}).
 *
 * <p>Implementations are not thread-safe unless they say so; a pipeline hands each object from one
 * handler to the next on the channel's event loop.
 */
public interface HttpObject {}
