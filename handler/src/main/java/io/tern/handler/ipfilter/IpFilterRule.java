package io.tern.handler.ipfilter;

import java.net.InetSocketAddress;

/**
 * A rule of an IP filter: whether it applies to a remote address, and what to do then.
 *
 * <h2>Threading</h2>
 *
 * Implementations must be immutable and thread-safe: one rule is shared by every channel.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public interface IpFilterRule {

  /**
   * Tells whether this rule applies.
   *
   * @param remoteAddress the peer's address
   * @return {@code true} if it does
   */
  boolean matches(InetSocketAddress remoteAddress);

  /**
   * Returns the action.
   *
   * @return what to do with a matching connection
   */
  IpFilterRuleType ruleType();
}
