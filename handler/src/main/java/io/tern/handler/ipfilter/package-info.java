/**
 * IP filtering: {@link io.tern.handler.ipfilter.RuleBasedIpFilter} accepts or rejects new channels
 * by CIDR rules ({@link io.tern.handler.ipfilter.IpSubnetFilterRule}, IPv4 and IPv6), {@link
 * io.tern.handler.ipfilter.UniqueIpFilter} allows one connection per address.
 *
 * <p>Threading: the filters decide on the channel's executor; rules and the provided filters are
 * thread-safe and may be shared by every channel.
 */
package io.tern.handler.ipfilter;
