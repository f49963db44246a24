package io.tern.handler.ipfilter;

/** What an {@link IpFilterRule} does with a matching address. */
public enum IpFilterRuleType {
  /** Let the connection through. */
  ACCEPT,
  /** Close the connection. */
  REJECT
}
