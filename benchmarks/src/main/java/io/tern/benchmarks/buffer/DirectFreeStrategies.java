package io.tern.benchmarks.buffer;

import io.tern.benchmarks.harness.TernOnly;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What allocating and freeing native memory costs per strategy, the measurements behind how Tern's
 * unpooled direct buffers free their memory. Tern-only: none of these is a whole buffer, so none
 * has a Netty twin (the whole buffer against Netty's is {@link DirectFree}); compare the figures
 * with each other and with {@code DirectFree.unpooledDirectBuffer}.
 *
 * <ul>
 *   <li>{@code arenaShared}: one {@code Arena.ofShared()} per buffer, closed on release (the close
 *       is a handshake with every thread);
 *   <li>{@code arenaConfined}: one {@code Arena.ofConfined()} per buffer (cheap, but only the
 *       allocating thread may free it, so unusable for buffers released elsewhere);
 *   <li>{@code mallocFree} / {@code callocFree}: C library downcalls, the segment reinterpreted to
 *       its size ({@code mallocFree} is what Tern's unpooled direct buffers do; {@code callocFree}
 *       adds zeroing);
 *   <li>{@code byteBufferAllocateDirect}: the JDK's direct buffer, freed by the GC's cleaner (not
 *       deterministic; for reference).
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
@SuppressWarnings("restricted")
@TernOnly("raw allocation strategies, not a buffer: Netty has no counterpart")
public class DirectFreeStrategies {
  private static final MethodHandle MALLOC;
  private static final MethodHandle CALLOC;
  private static final MethodHandle FREE;

  static {
    Linker linker = Linker.nativeLinker();
    MALLOC =
        linker.downcallHandle(
            linker.defaultLookup().find("malloc").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG),
            Linker.Option.critical(false));
    CALLOC =
        linker.downcallHandle(
            linker.defaultLookup().find("calloc").orElseThrow(),
            FunctionDescriptor.of(
                ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG),
            Linker.Option.critical(false));
    FREE =
        linker.downcallHandle(
            linker.defaultLookup().find("free").orElseThrow(),
            FunctionDescriptor.ofVoid(ValueLayout.ADDRESS),
            Linker.Option.critical(false));
  }

  @Param({"256", "16384"})
  public int size;

  @Benchmark
  public long arenaShared() {
    Arena arena = Arena.ofShared();
    MemorySegment s = arena.allocate(size);
    s.set(ValueLayout.JAVA_BYTE, 0, (byte) 1);
    long a = s.address();
    arena.close();
    return a;
  }

  @Benchmark
  public long arenaConfined() {
    Arena arena = Arena.ofConfined();
    MemorySegment s = arena.allocate(size);
    s.set(ValueLayout.JAVA_BYTE, 0, (byte) 1);
    long a = s.address();
    arena.close();
    return a;
  }

  @Benchmark
  public long mallocFree() throws Throwable {
    MemorySegment s = ((MemorySegment) MALLOC.invokeExact((long) size)).reinterpret(size);
    s.set(ValueLayout.JAVA_BYTE, 0, (byte) 1);
    long a = s.address();
    FREE.invokeExact(s);
    return a;
  }

  @Benchmark
  public long callocFree() throws Throwable {
    MemorySegment s = ((MemorySegment) CALLOC.invokeExact(1L, (long) size)).reinterpret(size);
    s.set(ValueLayout.JAVA_BYTE, 0, (byte) 1);
    long a = s.address();
    FREE.invokeExact(s);
    return a;
  }

  @Benchmark
  public ByteBuffer byteBufferAllocateDirect() {
    ByteBuffer b = ByteBuffer.allocateDirect(size);
    b.put(0, (byte) 1);
    return b;
  }
}
