/**
 * Traffic shaping: {@link io.tern.handler.traffic.ChannelTrafficShapingHandler} limits a channel's
 * read and write rates in bytes per second, delaying writes and pausing reads.
 *
 * <p>Threading: the handler and its {@link io.tern.handler.traffic.TrafficCounter} are used on the
 * channel's executor.
 */
package io.tern.handler.traffic;
