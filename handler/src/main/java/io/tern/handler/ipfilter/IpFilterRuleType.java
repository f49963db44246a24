package io.tern.handler.ipfilter;

/**
 * What an {@link IpFilterRule} does with a matching address.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public enum IpFilterRuleType {
  /** Let the connection through. */
  ACCEPT,
  /** Close the connection. */
  REJECT
}
