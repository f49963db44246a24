package io.tern.handler.ipfilter;

import io.tern.transport.channel.ChannelHandlerContext;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;

/**
 * Accepts or rejects each new channel by the first of its rules that matches the remote address;
 * when none matches, {@code acceptIfNotFound} decides. Channels whose remote address is not an IP
 * socket address (local, Unix domain, embedded) match no rule.
 *
 * <pre>{@code
 * pipeline.addFirst("ipfilter", new RuleBasedIpFilter(true,
 *     new IpSubnetFilterRule("10.0.0.0/8", IpFilterRuleType.ACCEPT),
 *     new IpSubnetFilterRule("0.0.0.0/0", IpFilterRuleType.REJECT)));
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * Stateless and thread-safe: one instance may serve every channel.
 *
 * <h2>Ownership</h2>
 *
 * A refused channel's inbound messages are released; others pass on unchanged.
 */
public class RuleBasedIpFilter extends AbstractRemoteAddressFilter {
  private final boolean acceptIfNotFound;
  private final List<IpFilterRule> rules;

  /**
   * Creates a filter.
   *
   * @param acceptIfNotFound what to do with a channel no rule matches
   * @param rules the rules, tried in order
   */
  public RuleBasedIpFilter(boolean acceptIfNotFound, IpFilterRule... rules) {
    this.acceptIfNotFound = acceptIfNotFound;
    this.rules = List.of(rules);
  }

  @Override
  protected boolean accept(ChannelHandlerContext ctx, SocketAddress remoteAddress) {
    return accepts(remoteAddress);
  }

  /**
   * Applies the rules to an address, as the filter does for a new channel.
   *
   * @param remoteAddress the address
   * @return {@code true} if a channel from there is kept
   */
  public boolean accepts(SocketAddress remoteAddress) {
    if (remoteAddress instanceof InetSocketAddress ip) {
      for (IpFilterRule rule : rules) {
        if (rule.matches(ip)) {
          return rule.ruleType() == IpFilterRuleType.ACCEPT;
        }
      }
    }
    return acceptIfNotFound;
  }
}
