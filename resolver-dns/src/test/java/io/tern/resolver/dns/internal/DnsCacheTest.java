package io.tern.resolver.dns.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.dns.DnsRecordType;
import io.tern.codec.dns.DnsResponseCode;
import io.tern.common.concurrent.MockTicker;
import io.tern.common.concurrent.Ticker;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DnsCacheTest {
  private static final List<InetAddress> ADDRESSES = List.of(InetAddress.ofLiteral("192.0.2.1"));

  private final MockTicker ticker = Ticker.newMockTicker();

  @Test
  void anEntryLivesForItsTtl() {
    DnsCache cache = new DnsCache(16, ticker, 0, 86_400, 3_600);
    cache.putAddresses("www.example.", DnsRecordType.A, ADDRESSES, 30);
    ticker.advance(29, TimeUnit.SECONDS);
    assertThat(cache.get("WWW.example.", DnsRecordType.A))
        .isEqualTo(new DnsCache.Addresses(ADDRESSES, TimeUnit.SECONDS.toNanos(30)));
    assertThat(cache.get("www.example.", DnsRecordType.AAAA)).isNull();
    ticker.advance(1, TimeUnit.SECONDS);
    assertThat(cache.get("www.example.", DnsRecordType.A)).isNull();
    assertThat(cache.size()).isZero();
  }

  @Test
  void ttlsAreClampedAndZeroIsNotKept() {
    DnsCache cache = new DnsCache(16, ticker, 10, 60, 5);
    cache.putAddresses("low.", DnsRecordType.A, ADDRESSES, 1);
    cache.putAddresses("high.", DnsRecordType.A, ADDRESSES, 1_000_000);
    cache.putNegative("gone.", DnsRecordType.A, DnsResponseCode.NXDOMAIN, 900);
    assertThat(cache.get("low.", DnsRecordType.A).expiresAtNanos())
        .isEqualTo(TimeUnit.SECONDS.toNanos(10));
    assertThat(cache.get("high.", DnsRecordType.A).expiresAtNanos())
        .isEqualTo(TimeUnit.SECONDS.toNanos(60));
    assertThat(cache.get("gone.", DnsRecordType.A).expiresAtNanos())
        .isEqualTo(TimeUnit.SECONDS.toNanos(5));

    DnsCache noMinimum = new DnsCache(16, ticker, 0, 60, 5);
    noMinimum.putAddresses("zero.", DnsRecordType.A, ADDRESSES, 0);
    noMinimum.putNegative("nosoa.", DnsRecordType.A, DnsResponseCode.NXDOMAIN, -1);
    assertThat(noMinimum.size()).isZero();
  }

  @Test
  void keepsAliasesAndNegativeAnswersApart() {
    DnsCache cache = new DnsCache(16, ticker, 0, 86_400, 3_600);
    cache.putAlias("www.example.", "web.example.", 60);
    cache.putNegative("www.example.", DnsRecordType.AAAA, DnsResponseCode.NOERROR, 60);
    assertThat(cache.get("www.example.", DnsRecordType.CNAME))
        .isInstanceOfSatisfying(
            DnsCache.Alias.class, a -> assertThat(a.target()).isEqualTo("web.example."));
    assertThat(cache.get("www.example.", DnsRecordType.AAAA))
        .isInstanceOfSatisfying(
            DnsCache.Negative.class,
            n -> assertThat(n.responseCode()).isEqualTo(DnsResponseCode.NOERROR));
  }

  @Test
  void isBoundedDroppingTheLeastRecentlyUsed() {
    DnsCache cache = new DnsCache(2, ticker, 0, 86_400, 3_600);
    cache.putAddresses("a.", DnsRecordType.A, ADDRESSES, 60);
    cache.putAddresses("b.", DnsRecordType.A, ADDRESSES, 60);
    assertThat(cache.get("a.", DnsRecordType.A)).isNotNull(); // a is now the most recent
    cache.putAddresses("c.", DnsRecordType.A, ADDRESSES, 60);
    assertThat(cache.size()).isEqualTo(2);
    assertThat(cache.get("b.", DnsRecordType.A)).isNull();
    assertThat(cache.get("a.", DnsRecordType.A)).isNotNull();
    assertThat(cache.get("c.", DnsRecordType.A)).isNotNull();
  }
}
