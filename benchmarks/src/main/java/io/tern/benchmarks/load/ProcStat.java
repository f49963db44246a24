package io.tern.benchmarks.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/** CPU time of a process from {@code /proc/PID/stat}: user plus system time, all threads. */
final class ProcStat {
  private static final double TICKS_PER_SECOND = clockTicks();
  private static final Pattern FIELDS = Pattern.compile(" ");

  private ProcStat() {}

  /** Returns the CPU seconds {@code pid} has used so far. */
  static double cpuSeconds(long pid) throws LoadException {
    String stat;
    try {
      stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
    } catch (IOException e) {
      throw new LoadException("cannot read /proc/" + pid + "/stat (did the server exit?): " + e);
    }
    // The command name (field 2) may hold spaces: fields are counted after its closing ')'.
    String[] fields = FIELDS.split(stat.substring(stat.lastIndexOf(')') + 2), -1);
    long utime = Long.parseLong(fields[11]);
    long stime = Long.parseLong(fields[12]);
    return (utime + stime) / TICKS_PER_SECOND;
  }

  /** Returns what {@code /proc/PID/stat} counts in a second: {@code getconf CLK_TCK}, else 100. */
  private static double clockTicks() {
    try {
      Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
      String out =
          new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
      return getconf.waitFor() == 0 ? Double.parseDouble(out) : 100;
    } catch (IOException | NumberFormatException e) {
      return 100;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 100;
    }
  }
}
