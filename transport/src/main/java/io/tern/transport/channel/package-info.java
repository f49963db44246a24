/**
 * Channels and their pipelines: {@link io.tern.transport.channel.Channel}, {@link
 * io.tern.transport.channel.ChannelPipeline}, {@link io.tern.transport.channel.ChannelHandler} (one
 * interface for inbound events and outbound operations) and helpers.
 *
 * <p>Threading: a channel's handlers are called on its executor only.
 */
package io.tern.transport.channel;
