package io.tern.benchmarks.load.common;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The certificate chain and private key (PEM files) an HTTPS load server serves with, taken out of
 * its command line ({@code --cert FILE --key FILE}); the other options are left for the server's
 * usual parser. Both HTTPS twins read the same two files, so they present the same certificate.
 *
 * @param certificateChain the PEM certificate chain
 * @param privateKey the PEM (PKCS#8) private key
 * @param rest the command line without the two options
 */
public record TlsFiles(Path certificateChain, Path privateKey, List<String> rest) {
  /**
   * The one TLS 1.3 suite both servers negotiate with wrk: wrk's OpenSSL client lists it first, and
   * BoringSSL (which cannot be told a TLS 1.3 suite) follows the client's order on a CPU with AES
   * instructions; Tern's server is limited to it.
   */
  public static final String TLS13_SUITE = "TLS_AES_256_GCM_SHA384";

  /**
   * Takes {@code --cert} and {@code --key} out of {@code args}.
   *
   * @param args a server's command line
   * @return the two files and the rest
   * @throws IllegalArgumentException if either option is missing or has no value
   */
  public static TlsFiles parse(String[] args) {
    Path cert = null;
    Path key = null;
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if ((arg.equals("--cert") || arg.equals("--key")) && i + 1 < args.length) {
        Path value = Path.of(args[++i]);
        if (arg.equals("--cert")) {
          cert = value;
        } else {
          key = value;
        }
      } else {
        rest.add(arg);
      }
    }
    if (cert == null || key == null) {
      throw new IllegalArgumentException("give --cert FILE --key FILE (PEM)");
    }
    return new TlsFiles(cert, key, List.copyOf(rest));
  }
}
