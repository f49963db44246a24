package io.tern.benchmarks.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Ends a driver with its exit status, also written to the file named by the system property {@code
 * io.tern.benchmarks.statusFile} when it is set.
 *
 * <p>The scripts run the drivers through Maven's exec plugin, which turns a non-zero status into a
 * page of stack trace; they accept the statuses the drivers use and read the real one from the file
 * instead.
 */
public final class DriverExit {
  /** The system property naming the status file. */
  public static final String STATUS_FILE_PROPERTY = "io.tern.benchmarks.statusFile";

  private DriverExit() {}

  /**
   * Records {@code status} and exits the JVM with it.
   *
   * @param status 0 for success; 1 when a measurement failed; 2 for bad usage
   */
  public static void exit(int status) {
    String file = System.getProperty(STATUS_FILE_PROPERTY, "");
    if (!file.isBlank()) {
      try {
        Files.writeString(Path.of(file), status + "\n", StandardCharsets.UTF_8);
      } catch (IOException e) {
        System.err.println("cannot write the status file " + file + ": " + e);
      }
    }
    System.out.flush();
    System.exit(status);
  }
}
