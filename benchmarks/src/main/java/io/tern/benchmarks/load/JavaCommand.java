package io.tern.benchmarks.load;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Command lines for server JVMs: the same JDK 25 binary and class path as the driver, FFM without
 * warnings, plus per-server flags.
 */
final class JavaCommand {
  /**
   * Flags every server JVM gets: FFM without warnings, and leak detection disabled in both
   * frameworks (at their SIMPLE default each would sample its own share of buffers at its own rate;
   * the servers print the level they run at and the harness checks it).
   */
  static final List<String> COMMON_FLAGS =
      List.of(
          "--enable-native-access=ALL-UNNAMED",
          "-Dio.tern.common.leakDetection.level=DISABLED",
          "-Dio.netty.leakDetection.level=DISABLED");

  private JavaCommand() {}

  /** {@code java COMMON_FLAGS extraFlags -cp CLASSPATH mainClass args}. */
  static List<String> of(List<String> extraFlags, String mainClass, List<String> args) {
    return of(extraFlags, System.getProperty("java.class.path"), mainClass, args);
  }

  /**
   * {@code java COMMON_FLAGS extraFlags -cp classPath mainClass args}: for servers outside the
   * benchmarks module (the examples).
   */
  static List<String> of(
      List<String> extraFlags, String classPath, String mainClass, List<String> args) {
    List<String> argv = new ArrayList<>();
    argv.add(javaBinary());
    argv.addAll(COMMON_FLAGS);
    argv.addAll(extraFlags);
    argv.add("-cp");
    argv.add(classPath);
    argv.add(mainClass);
    argv.addAll(args);
    return argv;
  }

  /** The path of a tool of the driver's own JDK ({@code jcmd}, ...). */
  static String jdkTool(String name) {
    return Path.of(javaBinary()).resolveSibling(name).toString();
  }

  private static String javaBinary() {
    return ProcessHandle.current()
        .info()
        .command()
        .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java").toString());
  }
}
