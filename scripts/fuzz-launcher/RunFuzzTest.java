import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs one Jazzer {@code @FuzzTest} method in fuzzing mode in this JVM: {@code RunFuzzTest CLASS
 * METHOD SECONDS}. Used by {@code scripts/fuzz}, which starts one JVM per target (libFuzzer runs
 * once per process) with the module's test class path.
 *
 * <p>Why not Maven per target: Maven's start and its staleness checks cost more than the fuzzing
 * slot of a target in a five-minute run. Why not surefire's configuration: the same settings are
 * given here as JUnit configuration parameters, so a target fuzzes exactly as it replays in the
 * build (leak detection through the auto-detected extension, PARANOID level from the JVM flags the
 * script passes).
 *
 * <p>Exit status: 0 when the target fuzzed for its time without a finding, 1 on a finding (the
 * failure and its stack trace are printed; Jazzer has written the input as {@code crash-*}), 2 on
 * a usage or discovery error.
 */
public final class RunFuzzTest {
  private RunFuzzTest() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: RunFuzzTest CLASS METHOD SECONDS");
      System.exit(2);
    }
    String className = args[0];
    String methodName = args[1];
    long seconds = Long.parseLong(args[2]);
    Class<?> testClass = Class.forName(className, false, RunFuzzTest.class.getClassLoader());
    Method target = null;
    for (Method m : testClass.getDeclaredMethods()) {
      if (m.getName().equals(methodName) && isFuzzTest(m)) {
        target = m;
      }
    }
    if (target == null) {
      System.err.println("no @FuzzTest method " + methodName + " in " + className);
      System.exit(2);
    }

    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectMethod(testClass, target))
            .configurationParameters(
                Map.of(
                    "junit.jupiter.extensions.autodetection.enabled", "true",
                    "jazzer.fuzz", "true",
                    "jazzer.max_duration", seconds + "s"))
            .build();
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    List<String> problems = new ArrayList<>();
    TestExecutionListener skips =
        new TestExecutionListener() {
          @Override
          public void executionSkipped(TestIdentifier test, String reason) {
            problems.add(test.getDisplayName() + " skipped: " + reason);
          }

          @Override
          public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
              problems.add(
                  test.getDisplayName()
                      + " aborted: "
                      + result.getThrowable().map(Throwable::toString).orElse("?"));
            }
          }
        };
    launcher.execute(request, summary, skips);

    TestExecutionSummary result = summary.getSummary();
    PrintWriter out = new PrintWriter(System.out, true);
    problems.forEach(p -> out.println("[fuzz] " + p));
    if (result.getTotalFailureCount() > 0) {
      out.println("[fuzz] FINDING in " + className + "#" + methodName + ":");
      result.printFailuresTo(out, 60);
      out.flush();
      System.exit(1);
    }
    if (result.getTestsSucceededCount() == 0) {
      out.println("[fuzz] " + className + "#" + methodName + " did not run");
      out.flush();
      System.exit(2);
    }
    out.flush();
    System.exit(0);
  }

  private static boolean isFuzzTest(Method m) {
    for (var a : m.getAnnotations()) {
      if (a.annotationType().getName().equals("com.code_intelligence.jazzer.junit.FuzzTest")) {
        return true;
      }
    }
    return false;
  }
}
