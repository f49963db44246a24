/**
 * An {@code SSLEngine} over the system's OpenSSL 3 through the Foreign Function and Memory API,
 * offered to {@code io.tern.handler}'s {@code SslContextBuilder} as the {@code OPENSSL} provider.
 * Needs native access: {@code --enable-native-access=io.tern.handler.ssl.openssl}.
 */
module io.tern.handler.ssl.openssl {
  requires transitive io.tern.handler;
  requires io.tern.buffer;

  exports io.tern.handler.ssl.openssl;

  provides io.tern.handler.ssl.spi.SslEngineProvider with
      io.tern.handler.ssl.openssl.internal.OpenSslEngineProvider;
}
