/**
 * Idle detection and timeouts: {@link io.tern.handler.timeout.IdleStateHandler} fires idle events,
 * {@link io.tern.handler.timeout.ReadTimeoutHandler} and {@link
 * io.tern.handler.timeout.WriteTimeoutHandler} fail and close stuck channels.
 *
 * <p>Threading: handlers run on their channel's executor, one instance per channel; times are
 * measured with the executor's clock.
 */
package io.tern.handler.timeout;
