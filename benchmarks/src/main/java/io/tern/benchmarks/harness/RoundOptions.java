package io.tern.benchmarks.harness;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.runner.options.WarmupMode;
import org.openjdk.jmh.util.Optional;

/**
 * The user's JMH options for one run of one side: the benchmark selection replaced by exact names,
 * the JVM flags to append made of the benchmark classes' own {@code @Fork(jvmArgsAppend)}, the
 * user's, the common ones and the side's, the harness's {@link LeakLevelProfiler} added to the
 * user's profilers, and fail-on-error forced on so that a failing benchmark stops the comparison.
 * Everything else is the user's.
 *
 * <p>Any {@code jvmArgsAppend} in the options replaces the one of a class's {@code @Fork}: the
 * driver therefore runs benchmarks grouped by their classes' {@code jvmArgsAppend} and passes the
 * group's here, so that a class's own flags (a custom JMH executor, say) are kept.
 *
 * <p>({@code OptionsBuilder.parent} cannot do this: it adds the parent's selection to the child's.)
 */
final class RoundOptions implements Options {
  private static final long serialVersionUID = 1L;

  private final Options user;
  private final List<String> includes;
  private final List<String> jvmArgsAppend;

  private final List<ProfilerConfig> profilers;

  RoundOptions(Options user, Collection<String> benchmarks, Side side) {
    this(user, benchmarks, side, List.of());
  }

  RoundOptions(
      Options user, Collection<String> benchmarks, Side side, List<String> forkJvmArgsAppend) {
    this.user = user;
    this.includes = benchmarks.stream().map(name -> "^\\Q" + name + "\\E$").toList();
    List<String> append = new ArrayList<>(forkJvmArgsAppend);
    if (user.getJvmArgsAppend().hasValue()) {
      append.addAll(user.getJvmArgsAppend().get());
    }
    append.addAll(Side.COMMON_JVM_ARGS);
    append.addAll(side.extraJvmArgs());
    this.jvmArgsAppend = List.copyOf(append);
    List<ProfilerConfig> all = new ArrayList<>(user.getProfilers());
    all.add(new ProfilerConfig(LeakLevelProfiler.class.getName(), ""));
    this.profilers = List.copyOf(all);
  }

  @Override
  public List<String> getIncludes() {
    return includes;
  }

  @Override
  public List<String> getExcludes() {
    return List.of();
  }

  @Override
  public Optional<Collection<String>> getJvmArgsAppend() {
    return Optional.of(jvmArgsAppend);
  }

  @Override
  public Optional<Boolean> shouldFailOnError() {
    return Optional.of(true);
  }

  @Override
  public Optional<String> getOutput() {
    return user.getOutput();
  }

  @Override
  public Optional<ResultFormatType> getResultFormat() {
    return user.getResultFormat();
  }

  @Override
  public Optional<String> getResult() {
    return user.getResult();
  }

  @Override
  public Optional<Boolean> shouldDoGC() {
    return user.shouldDoGC();
  }

  @Override
  public List<ProfilerConfig> getProfilers() {
    return profilers;
  }

  @Override
  public Optional<VerboseMode> verbosity() {
    return user.verbosity();
  }

  @Override
  public Optional<Integer> getThreads() {
    return user.getThreads();
  }

  @Override
  public Optional<int[]> getThreadGroups() {
    return user.getThreadGroups();
  }

  @Override
  public Optional<Boolean> shouldSyncIterations() {
    return user.shouldSyncIterations();
  }

  @Override
  public Optional<Integer> getWarmupIterations() {
    return user.getWarmupIterations();
  }

  @Override
  public Optional<TimeValue> getWarmupTime() {
    return user.getWarmupTime();
  }

  @Override
  public Optional<Integer> getWarmupBatchSize() {
    return user.getWarmupBatchSize();
  }

  @Override
  public Optional<WarmupMode> getWarmupMode() {
    return user.getWarmupMode();
  }

  @Override
  public List<String> getWarmupIncludes() {
    return user.getWarmupIncludes();
  }

  @Override
  public Optional<Integer> getMeasurementIterations() {
    return user.getMeasurementIterations();
  }

  @Override
  public Optional<TimeValue> getMeasurementTime() {
    return user.getMeasurementTime();
  }

  @Override
  public Optional<Integer> getMeasurementBatchSize() {
    return user.getMeasurementBatchSize();
  }

  @Override
  public Collection<Mode> getBenchModes() {
    return user.getBenchModes();
  }

  @Override
  public Optional<TimeUnit> getTimeUnit() {
    return user.getTimeUnit();
  }

  @Override
  public Optional<Integer> getOperationsPerInvocation() {
    return user.getOperationsPerInvocation();
  }

  @Override
  public Optional<Integer> getForkCount() {
    return user.getForkCount();
  }

  @Override
  public Optional<Integer> getWarmupForkCount() {
    return user.getWarmupForkCount();
  }

  @Override
  public Optional<String> getJvm() {
    return user.getJvm();
  }

  @Override
  public Optional<Collection<String>> getJvmArgs() {
    return user.getJvmArgs();
  }

  @Override
  public Optional<Collection<String>> getJvmArgsPrepend() {
    return user.getJvmArgsPrepend();
  }

  @Override
  public Optional<Collection<String>> getParameter(String name) {
    return user.getParameter(name);
  }

  @Override
  public Optional<TimeValue> getTimeout() {
    return user.getTimeout();
  }
}
