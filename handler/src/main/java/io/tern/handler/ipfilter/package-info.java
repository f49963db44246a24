/**
 * IP filtering by CIDR rules: {@link io.tern.handler.ipfilter.IpSubnetFilterRule} (IPv4 and IPv6)
 * with accept or reject actions.
 *
 * <p>Threading: rules are immutable and shared by every channel.
 */
package io.tern.handler.ipfilter;
