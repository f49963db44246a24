/**
 * Traffic shaping: {@link io.tern.handler.traffic.ChannelTrafficShapingHandler} limits a channel's
 * read and write rates in bytes per second, delaying writes and pausing reads; {@link
 * io.tern.handler.traffic.GlobalTrafficShapingHandler} limits many channels together, serving their
 * waiting writes in turn.
 *
 * <p>Threading: the per-channel handler and its {@link io.tern.handler.traffic.TrafficCounter} are
 * used on the channel's executor; the global handler is shared by many channels' loops and guards
 * its shared state with a lock.
 */
package io.tern.handler.traffic;
