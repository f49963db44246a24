package io.tern.benchmarks.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a server JVM's memory from outside: live heap bytes through {@code jcmd PID
 * GC.class_histogram} (which runs a full GC first and counts every live object, so the figure is
 * exact to the byte) and resident set size from {@code /proc/PID/status}.
 */
final class ServerMemory {
  private static final Pattern TOTAL = Pattern.compile("(?m)^Total\\s+\\d+\\s+(\\d+)\\s*$");
  private static final Pattern RSS = Pattern.compile("(?m)^VmRSS:\\s+(\\d+) kB$");
  private static final long JCMD_TIMEOUT_SECONDS = 120;

  private ServerMemory() {}

  /** Live heap bytes after a full GC. */
  static long liveHeapBytes(long pid) throws LoadException {
    String out = jcmd(pid, "GC.class_histogram");
    Matcher m = TOTAL.matcher(out);
    if (!m.find()) {
      throw new LoadException("no Total line in jcmd GC.class_histogram output:\n" + out);
    }
    return Long.parseLong(m.group(1));
  }

  /** Resident set size in bytes. */
  static long rssBytes(long pid) throws LoadException {
    try {
      Matcher m = RSS.matcher(Files.readString(Path.of("/proc/" + pid + "/status")));
      if (!m.find()) {
        throw new LoadException("no VmRSS in /proc/" + pid + "/status");
      }
      return Long.parseLong(m.group(1)) * 1024;
    } catch (IOException e) {
      throw new LoadException("cannot read /proc/" + pid + "/status: " + e);
    }
  }

  private static String jcmd(long pid, String command) throws LoadException {
    List<String> argv = List.of(JavaCommand.jdkTool("jcmd"), Long.toString(pid), command);
    try {
      Process p = ChildProcesses.track(new ProcessBuilder(argv).redirectErrorStream(true).start());
      try {
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(JCMD_TIMEOUT_SECONDS, TimeUnit.SECONDS) || p.exitValue() != 0) {
          throw new LoadException(
              String.join(" ", argv) + " failed:\n" + new String(out, StandardCharsets.UTF_8));
        }
        return new String(out, StandardCharsets.UTF_8);
      } finally {
        ChildProcesses.stop(p);
      }
    } catch (IOException e) {
      throw new LoadException("cannot run " + argv + ": " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LoadException("interrupted while running jcmd");
    }
  }
}
