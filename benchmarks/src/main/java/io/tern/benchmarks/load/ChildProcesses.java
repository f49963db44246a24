package io.tern.benchmarks.load;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Every process the drivers start, so a shutdown hook can kill what is still running when the
 * driver exits or is interrupted. Thread-safe.
 */
final class ChildProcesses {
  private static final long GRACE_MS = 3_000;
  private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime()
        .addShutdownHook(new Thread(ChildProcesses::stopAll, "stop-child-processes"));
  }

  private ChildProcesses() {}

  /** Starts tracking {@code process}; returns it. */
  static Process track(Process process) {
    LIVE.add(process);
    return process;
  }

  /** Stops {@code process} by its PID: SIGTERM, then SIGKILL after a grace period. */
  static void stop(Process process) {
    process.destroy();
    try {
      if (!process.waitFor(GRACE_MS, TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        process.waitFor(GRACE_MS, TimeUnit.MILLISECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      LIVE.remove(process);
    }
  }

  private static void stopAll() {
    for (Process process : LIVE) {
      if (process.isAlive()) {
        stop(process);
      }
    }
  }
}
