package io.tern.benchmarks.load;

import io.tern.handler.ssl.Pem;
import io.tern.handler.ssl.SelfSignedCertificate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.List;

/**
 * The certificate and key the HTTPS load servers serve with: one fresh EC P-256 self-signed
 * certificate for {@code localhost} and {@code 127.0.0.1} per harness run, written as PEM files
 * into a temporary directory (deleted when the harness exits), so that Tern's and Netty's servers
 * present the same certificate and sign with the same kind of key.
 *
 * @param certificateChain the PEM certificate
 * @param privateKey the PEM (PKCS#8) private key
 */
record TlsMaterial(Path certificateChain, Path privateKey) {
  private static TlsMaterial shared;

  /** The run's certificate and key, made on first use. */
  static synchronized TlsMaterial shared() {
    if (shared == null) {
      shared = create();
    }
    return shared;
  }

  private static TlsMaterial create() {
    try {
      SelfSignedCertificate cert = SelfSignedCertificate.create();
      Path dir = Files.createTempDirectory("tern-load-tls");
      Path chain = dir.resolve("chain.pem");
      Path key = dir.resolve("key.pem");
      Files.writeString(
          chain, Pem.encodeCertificates(List.of(cert.certificate())), StandardCharsets.US_ASCII);
      Files.writeString(key, Pem.encodePrivateKey(cert.privateKey()), StandardCharsets.US_ASCII);
      // deleteOnExit deletes in the reverse order of registration: the files before the directory.
      for (Path p : new Path[] {dir, chain, key}) {
        p.toFile().deleteOnExit();
      }
      return new TlsMaterial(chain, key);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the load servers' certificate", e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot encode the load servers' certificate", e);
    }
  }
}
