package io.tern.transport.internal;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Threshold;
import jdk.jfr.Timespan;

/**
 * One event-loop iteration (I/O wait and processing, then tasks). Disabled by default; enable it
 * with {@code jfr configure io.tern.EventLoopIteration#enabled=true} or a .jfc setting. The default
 * threshold keeps only slow iterations.
 */
@Name("io.tern.EventLoopIteration")
@Label("Event Loop Iteration")
@Category({"Tern", "Transport"})
@Description("One iteration of an event loop: I/O wait and processing, then tasks")
@Enabled(false)
@Threshold("20 ms")
@StackTrace(false)
public final class EventLoopIterationEvent extends Event {
  /** Creates an event; fields are set by the loop before commit. */
  public EventLoopIterationEvent() {}

  /** The loop thread name. */
  @Label("Loop")
  public String loop;

  /** Tasks run in the iteration. */
  @Label("Tasks Run")
  public int tasksRun;

  /** Handles the I/O handler processed. */
  @Label("I/O Handles Processed")
  public int ioHandled;

  /** Tasks still queued at the end. */
  @Label("Pending Tasks")
  public int pendingTasks;

  /** Handles registered with the loop. */
  @Label("Registered Handles")
  public int registeredHandles;

  /** Time in the I/O handler, waiting included. */
  @Label("I/O Time")
  @Timespan(Timespan.NANOSECONDS)
  public long ioNanos;

  /** Time running tasks. */
  @Label("Task Time")
  @Timespan(Timespan.NANOSECONDS)
  public long taskNanos;
}
