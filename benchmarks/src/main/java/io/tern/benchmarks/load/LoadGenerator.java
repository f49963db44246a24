package io.tern.benchmarks.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs wrk or h2load pinned to core 1 ({@code taskset -c 1}) with a time bound and returns its
 * output. Used by the driver thread only.
 */
final class LoadGenerator {
  /** The core the load generator runs on; the server gets {@link ServerProcess#CORE}. */
  static final int CORE = 1;

  /** Slack over a run's own duration before it is killed. */
  private static final long SLACK_SECONDS = 30;

  private LoadGenerator() {}

  /** Runs {@code command} for about {@code seconds} and returns its output; fails on a bad exit. */
  static String run(List<String> command, long seconds) throws LoadException {
    List<String> argv = new ArrayList<>(List.of("taskset", "-c", Integer.toString(CORE)));
    argv.addAll(command);
    Path output = null;
    Process process = null;
    try {
      output = Files.createTempFile("tern-load", ".out");
      process =
          ChildProcesses.track(
              new ProcessBuilder(argv)
                  .redirectErrorStream(true)
                  .redirectOutput(output.toFile())
                  .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                  .start());
      if (!process.waitFor(seconds + SLACK_SECONDS, TimeUnit.SECONDS)) {
        throw new LoadException(
            String.join(" ", command)
                + " did not finish within "
                + (seconds + SLACK_SECONDS)
                + " s");
      }
      String text = Files.readString(output, StandardCharsets.UTF_8);
      if (process.exitValue() != 0) {
        throw new LoadException(
            String.join(" ", command) + " exited with " + process.exitValue() + ":\n" + text);
      }
      return text;
    } catch (IOException e) {
      throw new LoadException("cannot run " + argv + ": " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LoadException("interrupted while running " + command.get(0));
    } finally {
      if (process != null) {
        ChildProcesses.stop(process);
      }
      if (output != null) {
        try {
          Files.deleteIfExists(output);
        } catch (IOException ignored) {
          // a leftover temporary file is harmless
        }
      }
    }
  }
}
