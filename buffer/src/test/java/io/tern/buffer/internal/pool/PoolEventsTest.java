package io.tern.buffer.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

class PoolEventsTest {
  @Test
  void eventsAreRegisteredDisabledByDefault() {
    FlightRecorder.register(PoolEvents.ChunkAllocated.class);
    FlightRecorder.register(PoolEvents.BufferAllocated.class);
    EventType chunk = EventType.getEventType(PoolEvents.ChunkAllocated.class);
    EventType buffer = EventType.getEventType(PoolEvents.BufferAllocated.class);
    assertThat(chunk.getName()).isEqualTo("io.tern.buffer.PoolChunkAllocated");
    assertThat(chunk.isEnabled()).isFalse();
    assertThat(buffer.isEnabled()).isFalse();
  }

  @Test
  void enabledRecordingCapturesChunkAndBufferEvents() throws Exception {
    Path file = Files.createTempFile("pool-events", ".jfr");
    try (Recording recording = new Recording()) {
      recording.enable("io.tern.buffer.PoolChunkAllocated");
      recording.enable("io.tern.buffer.PoolChunkFreed");
      recording.enable("io.tern.buffer.PoolBufferAllocated");
      recording.enable("io.tern.buffer.PoolBufferFreed");
      recording.start();
      PoolEngine engine = new PoolEngine(Region.config(1, 1));
      Region<byte[]> small = Region.heap(engine, 100);
      Region<byte[]> huge = Region.heap(engine, (4 << 20) + 1);
      small.free();
      huge.free();
      Region.heap(engine, 100).free(); // a cache hit
      engine.freeCurrentThreadCache();
      recording.stop();
      recording.dump(file);
    }
    long me = Thread.currentThread().threadId();
    // Other test classes run in parallel: keep this thread's events.
    List<RecordedEvent> events =
        RecordingFile.readAllEvents(file).stream()
            .filter(e -> e.getThread() != null && e.getThread().getJavaThreadId() == me)
            .toList();
    Files.delete(file);
    assertThat(count(events, "io.tern.buffer.PoolChunkAllocated")).isEqualTo(2);
    assertThat(count(events, "io.tern.buffer.PoolChunkFreed")).isEqualTo(1); // the huge one
    assertThat(count(events, "io.tern.buffer.PoolBufferAllocated")).isEqualTo(3);
    assertThat(count(events, "io.tern.buffer.PoolBufferFreed")).isEqualTo(3);
    RecordedEvent hit =
        events.stream()
            .filter(e -> e.getEventType().getName().equals("io.tern.buffer.PoolBufferAllocated"))
            .filter(e -> e.getBoolean("cacheHit"))
            .findFirst()
            .orElseThrow();
    assertThat(hit.getInt("requested")).isEqualTo(100);
    assertThat(hit.getInt("size")).isEqualTo(112);
  }

  private static long count(List<RecordedEvent> events, String name) {
    return events.stream().filter(e -> e.getEventType().getName().equals(name)).count();
  }
}
