package io.tern.resolver.dns.internal;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.resolver.dns.ResolvedAddressTypes;

/**
 * Fuzzes the parsers of {@code resolv.conf}, the hosts file and the search list: any text parses
 * (what is not understood is skipped) within the C library's caps, and never throws. The normal
 * build replays the seeds in {@code ResolverFilesFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class ResolverFilesFuzzTest {

  @FuzzTest(maxDuration = "60s")
  void parsesAnyText(FuzzedDataProvider data) {
    String name = data.consumeString(300);
    String text = data.consumeRemainingAsString();
    ResolvConf conf = ResolvConf.parse(text);
    if (conf.nameServers().isEmpty() || conf.nameServers().size() > ResolvConf.MAX_NAME_SERVERS) {
      throw new AssertionError("name servers out of bounds: " + conf);
    }
    if (conf.searchDomains().size() > ResolvConf.MAX_SEARCH_DOMAINS
        || conf.ndots() > 15
        || conf.timeoutSeconds() < 1
        || conf.timeoutSeconds() > 30
        || conf.attempts() < 1
        || conf.attempts() > 5) {
      throw new AssertionError("options out of bounds: " + conf);
    }
    HostsFile hosts = HostsFile.parse(text);
    for (ResolvedAddressTypes types : ResolvedAddressTypes.values()) {
      hosts.lookup(name, types);
    }
    String ascii = Resolution.asciiName(name);
    if (ascii != null) {
      SearchList.candidates(ascii, conf.searchDomains(), conf.ndots());
    }
  }
}
