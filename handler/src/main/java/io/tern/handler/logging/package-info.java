/**
 * {@link io.tern.handler.logging.LoggingHandler}: logs the events and operations passing through a
 * pipeline to a {@code System.Logger}, with hex dumps of buffers.
 *
 * <p>Threading: called on the channel's executor; the handler is stateless and may be shared.
 */
package io.tern.handler.logging;
