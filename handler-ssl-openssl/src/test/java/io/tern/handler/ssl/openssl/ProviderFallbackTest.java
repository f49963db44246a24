package io.tern.handler.ssl.openssl;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.handler.ssl.SelfSignedCertificate;
import io.tern.handler.ssl.SslContextBuilder;
import io.tern.handler.ssl.SslProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the system's OpenSSL cannot be loaded, contexts fall back to the JDK's engine and one log
 * line says why. Run in a child JVM told to load a library that does not exist, since the library
 * is probed once per JVM.
 */
class ProviderFallbackTest {
  /** The child: reports what the providers say, one {@code key=value} line each. */
  public static final class Child {
    private Child() {}

    /**
     * Prints the default provider, a default context's provider and what an explicit OpenSSL
     * context does.
     *
     * @param args unused
     */
    public static void main(String[] args) {
      SelfSignedCertificate cert = SelfSignedCertificate.create();
      System.out.println("default=" + SslProvider.defaultProvider());
      System.out.println("available=" + OpenSsl.isAvailable());
      System.out.println("context=" + SslContextBuilder.forServer(cert).build().provider());
      try {
        SslContextBuilder.forServer(cert).sslProvider(SslProvider.OPENSSL).build();
        System.out.println("explicit=built");
      } catch (IllegalStateException e) {
        System.out.println("explicit=" + e.getMessage());
      }
    }
  }

  private static List<String> runChild(Path dir, String... properties)
      throws IOException, InterruptedException {
    String java = ProcessHandle.current().info().command().orElseThrow();
    List<String> command = new java.util.ArrayList<>();
    command.add(java);
    command.add("--enable-native-access=ALL-UNNAMED");
    command.addAll(List.of(properties));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Child.class.getName());
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    Process child =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    if (!child.waitFor(120, TimeUnit.SECONDS)) {
      child.destroyForcibly();
      throw new AssertionError("the child JVM did not finish in 120 s");
    }
    String stdout = Files.readString(out, StandardCharsets.UTF_8);
    String stderr = Files.readString(err, StandardCharsets.UTF_8);
    assertThat(child.exitValue()).as(stdout + stderr).isZero();
    return List.of(stdout, stderr);
  }

  @Test
  void aMissingLibraryFallsBackToTheJdkEngineAndSaysWhy(@TempDir Path dir) throws Exception {
    List<String> output =
        runChild(dir, "-Dio.tern.handler.ssl.openssl.libssl=/nonexistent/libssl.so.3");
    String stdout = output.get(0);
    String stderr = output.get(1);

    assertThat(stdout)
        .contains("default=JDK")
        .contains("available=false")
        .contains("context=JDK")
        .contains("explicit=TLS provider OPENSSL is unavailable")
        .contains("/nonexistent/libssl.so.3");
    assertThat(stderr)
        .as("one warning naming the cause")
        .contains("TLS uses the JDK engine: OpenSSL is unavailable")
        .contains("/nonexistent/libssl.so.3");
  }

  @Test
  void whereTheLibraryLoadsOpenSslIsTheDefault(@TempDir Path dir) throws Exception {
    String stdout = runChild(dir).get(0);

    assertThat(stdout)
        .contains("default=OPENSSL")
        .contains("available=true")
        .contains("context=OPENSSL")
        .contains("explicit=built");
  }

  @Test
  void thePropertyChoosesTheJdkEngineEvenWhereOpenSslLoads(@TempDir Path dir) throws Exception {
    String stdout = runChild(dir, "-Dio.tern.handler.ssl.provider=jdk").get(0);

    assertThat(stdout).contains("default=JDK").contains("available=true").contains("context=JDK");
  }
}
