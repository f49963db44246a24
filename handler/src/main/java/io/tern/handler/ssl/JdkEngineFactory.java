package io.tern.handler.ssl;

import io.tern.handler.ssl.spi.SslConfig;
import io.tern.handler.ssl.spi.SslEngineFactory;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.TrustManager;

/**
 * The JDK provider: an {@link SSLContext} made from the configuration, and engines configured with
 * its {@link SSLParameters}.
 *
 * <p>Immutable; any thread.
 */
final class JdkEngineFactory implements SslEngineFactory {
  /** OpenSSL's group names for the JDK's, so one {@code groups(...)} call suits both providers. */
  private static final Map<String, String> GROUP_ALIASES =
      Map.of(
          "p-256", "secp256r1",
          "prime256v1", "secp256r1",
          "p-384", "secp384r1",
          "p-521", "secp521r1");

  private final SSLContext context;
  private final boolean client;
  private final SSLParameters parameters;
  private final List<String> protocols;
  private final List<String> cipherSuites;

  private JdkEngineFactory(
      SSLContext context, boolean client, SSLParameters parameters, List<String> protocols) {
    this.context = context;
    this.client = client;
    this.parameters = parameters;
    this.protocols = protocols;
    this.cipherSuites = List.of(parameters.getCipherSuites());
  }

  /**
   * Creates the JDK context and checks the names in {@code config} against what it supports.
   *
   * @throws IllegalArgumentException for an unknown protocol, suite or group, an option only other
   *     providers have, or key or trust material the JDK refuses
   */
  static JdkEngineFactory create(SslConfig config) {
    if (config.ocspResponse() != null) {
      throw new IllegalArgumentException(
          "stapling a supplied OCSP response needs SslProvider.OPENSSL (the JDK's server fetches"
              + " responses itself: jdk.tls.server.enableStatusRequestExtension)");
    }
    SSLContext context;
    try {
      context =
          config.jsseProvider() != null
              ? SSLContext.getInstance("TLS", config.jsseProvider())
              : SSLContext.getInstance("TLS");
      context.init(
          config.keyManagers().isEmpty() ? null : config.keyManagers().toArray(KeyManager[]::new),
          config.trustManagers().isEmpty()
              ? null
              : config.trustManagers().toArray(TrustManager[]::new),
          config.secureRandom());
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("cannot create the TLS context: " + e.getMessage(), e);
    }
    SSLSessionContext sessions =
        config.client() ? context.getClientSessionContext() : context.getServerSessionContext();
    if (config.sessionCacheSize() >= 0) {
      sessions.setSessionCacheSize(config.sessionCacheSize());
    }
    if (config.sessionTimeout() != null) {
      sessions.setSessionTimeout(
          (int) Math.min(Integer.MAX_VALUE, config.sessionTimeout().toSeconds()));
    }
    SSLParameters supported = context.getSupportedSSLParameters();
    SSLParameters defaults = context.getDefaultSSLParameters();
    SSLParameters requested = config.parameters();
    List<String> protocols =
        checked(
            requested.getProtocols(),
            defaults.getProtocols(),
            supported.getProtocols(),
            "protocol");
    List<String> suites =
        checked(
            requested.getCipherSuites(),
            defaults.getCipherSuites(),
            supported.getCipherSuites(),
            "cipher suite");
    SSLParameters params = new SSLParameters();
    params.setProtocols(protocols.toArray(String[]::new));
    params.setCipherSuites(suites.toArray(String[]::new));
    params.setApplicationProtocols(requested.getApplicationProtocols());
    if (requested.getNamedGroups() != null) {
      params.setNamedGroups(groups(requested.getNamedGroups(), supported.getNamedGroups()));
    }
    if (config.client()) {
      params.setEndpointIdentificationAlgorithm(requested.getEndpointIdentificationAlgorithm());
    } else if (requested.getNeedClientAuth()) {
      params.setNeedClientAuth(true);
    } else {
      params.setWantClientAuth(requested.getWantClientAuth());
    }
    return new JdkEngineFactory(context, config.client(), params, protocols);
  }

  private static String[] groups(String[] requested, String[] supported) {
    List<String> known = supported == null ? List.of() : Arrays.asList(supported);
    List<String> out = new ArrayList<>();
    for (String name : requested) {
      String lower = name.toLowerCase(Locale.ROOT);
      String jdk = GROUP_ALIASES.getOrDefault(lower, lower);
      if (!known.contains(jdk)) {
        throw new IllegalArgumentException("unsupported group: " + name);
      }
      out.add(jdk);
    }
    return out.toArray(String[]::new);
  }

  private static List<String> checked(
      String[] requested, String[] defaults, String[] supported, String what) {
    if (requested == null) {
      return List.of(defaults);
    }
    if (requested.length == 0) {
      throw new IllegalArgumentException("no " + what + " enabled");
    }
    List<String> known = Arrays.asList(supported);
    for (String name : requested) {
      if (!known.contains(name)) {
        throw new IllegalArgumentException("unsupported " + what + ": " + name);
      }
    }
    return List.of(requested);
  }

  @Override
  public SSLEngine newEngine(String peerHost, int peerPort) {
    SSLEngine engine =
        peerHost == null ? context.createSSLEngine() : context.createSSLEngine(peerHost, peerPort);
    engine.setUseClientMode(client);
    SSLParameters params = engine.getSSLParameters();
    params.setProtocols(parameters.getProtocols());
    params.setCipherSuites(parameters.getCipherSuites());
    params.setApplicationProtocols(parameters.getApplicationProtocols());
    if (parameters.getNamedGroups() != null) {
      params.setNamedGroups(parameters.getNamedGroups());
    }
    if (client) {
      params.setEndpointIdentificationAlgorithm(parameters.getEndpointIdentificationAlgorithm());
      if (peerHost != null && !SslContext.isIpLiteral(peerHost)) {
        params.setServerNames(List.of(new SNIHostName(SniMapping.normalize(peerHost))));
      }
    } else if (parameters.getNeedClientAuth()) {
      params.setNeedClientAuth(true);
    } else {
      params.setWantClientAuth(parameters.getWantClientAuth());
    }
    engine.setSSLParameters(params);
    return engine;
  }

  @Override
  public List<String> protocols() {
    return protocols;
  }

  @Override
  public List<String> cipherSuites() {
    return cipherSuites;
  }

  @Override
  public SSLSessionContext sessionContext() {
    return client ? context.getClientSessionContext() : context.getServerSessionContext();
  }

  @Override
  public SSLContext jdkContext() {
    return context;
  }
}
