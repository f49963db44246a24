/**
 * {@link io.tern.handler.flush.FlushConsolidationHandler}: fewer flushes (system calls) for
 * handlers that flush per message.
 *
 * <p>Threading: handlers run on their channel's executor, one instance per channel.
 */
package io.tern.handler.flush;
