package io.tern.examples.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Python peers of the examples' interop tests ({@code stomp.py}, {@code aiosmtpd}), installed
 * once into a virtual environment under {@code ~/.cache/tern/python-peers} (the same place {@code
 * .ci/install-peers} fills), and processes run with its interpreter, bounded in time.
 */
public final class PythonPeers {
  /** The pinned packages, as pip names them. */
  public static final List<String> PACKAGES = List.of("stomp.py==8.2.0", "aiosmtpd==1.4.6");

  private static final Path HOME =
      Path.of(System.getProperty("user.home"), ".cache", "tern", "python-peers");

  private PythonPeers() {}

  /**
   * Returns the environment's interpreter, creating the environment and installing {@link
   * #PACKAGES} first if that was not done yet; fails the calling test if it cannot.
   *
   * @return the path of {@code python}
   * @throws Exception if the installation is interrupted
   */
  public static synchronized Path python() throws Exception {
    Path python = HOME.resolve("bin").resolve("python");
    Path marker = HOME.resolve("tern-packages.txt");
    String wanted = String.join("\n", PACKAGES);
    if (Files.isExecutable(python)
        && Files.exists(marker)
        && Files.readString(marker, StandardCharsets.UTF_8).equals(wanted)) {
      return python;
    }
    Files.createDirectories(HOME.getParent());
    run(List.of("python3", "-m", "venv", HOME.toString()), 120);
    List<String> pip = new ArrayList<>(List.of(python.toString(), "-m", "pip", "install", "-q"));
    pip.addAll(PACKAGES);
    run(pip, 300);
    Files.writeString(marker, wanted, StandardCharsets.UTF_8);
    return python;
  }

  /**
   * Runs a command to completion and returns its output (stdout and stderr together).
   *
   * @param command the command
   * @param timeoutSeconds how long it may take
   * @return the exit code and output
   * @throws Exception if it cannot start or is interrupted
   */
  public static Result run(List<String> command, int timeoutSeconds) throws Exception {
    Path output = Files.createTempFile("tern-peer", ".out");
    try {
      Process process;
      try {
        process =
            new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .redirectInput(new File("/dev/null"))
                .start();
      } catch (IOException e) {
        throw new AssertionError(
            "cannot run " + command.get(0) + " (python3 with venv: bash .ci/install-peers)", e);
      }
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        throw new AssertionError(command + " did not finish in " + timeoutSeconds + " s");
      }
      Result result =
          new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
      assertThat(result.exitCode()).as("%s:%n%s", command, result.output()).isZero();
      return result;
    } finally {
      Files.deleteIfExists(output);
    }
  }

  /**
   * A finished process.
   *
   * @param exitCode its exit code
   * @param output what it printed
   */
  public record Result(int exitCode, String output) {}
}
