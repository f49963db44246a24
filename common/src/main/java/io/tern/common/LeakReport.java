package io.tern.common;

import java.util.List;

/**
 * What is known about one leaked (or, in an audit, still open) resource. {@link #toString()} gives
 * the full multi-line report that is logged.
 *
 * <h2>Threading</h2>
 *
 * <p>Immutable; any thread may read it.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects. The owner is whatever object the tracker was attributed
 * to, kept as given.
 *
 * @param resourceType the class name given to {@code ResourceLeakDetector.newDetector}
 * @param owner what the tracker was attributed to when it was created (see {@link
 *     LeakAudit#swapOwner(Object)}), or {@code null}
 * @param collected {@code true} when the garbage collector found the resource unreachable, {@code
 *     false} when an audit found it still open
 * @param accessRecorded whether accesses were recorded (ADVANCED and PARANOID) or only creation
 * @param records the distinct records, newest first, each a hint line and stack frames; the
 *     creation record, starting with {@code "Created at:"}, comes last
 * @param duplicateRecords records left out because they repeated one already listed
 * @param discardedRecords records dropped to stay within {@code
 *     io.tern.common.leakDetection.maxRecords}
 */
public record LeakReport(
    String resourceType,
    Object owner,
    boolean collected,
    boolean accessRecorded,
    List<String> records,
    int duplicateRecords,
    int discardedRecords) {

  /**
   * Copies the record list.
   *
   * @param resourceType see the class description
   * @param owner see the class description
   * @param collected see the class description
   * @param accessRecorded see the class description
   * @param records see the class description
   * @param duplicateRecords see the class description
   * @param discardedRecords see the class description
   */
  public LeakReport {
    records = List.copyOf(records);
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder(1024);
    out.append("LEAK: ").append(resourceType);
    out.append(
        collected
            ? " was garbage-collected without being released."
            : " is still open (not released).");
    if (owner != null) {
      out.append(" Owner: ").append(owner).append('.');
    }
    if (!accessRecorded) {
      out.append(
          " Enable advanced leak reporting to find out where it was accessed:"
              + " -Dio.tern.common.leakDetection.level=ADVANCED.");
    }
    out.append('\n');
    int number = records.size();
    for (String record : records) {
      if (record.startsWith("Created at:")) {
        out.append(record);
      } else {
        out.append('#').append(number - 1).append(":\n").append(record);
      }
      number--;
    }
    if (duplicateRecords > 0) {
      out.append(duplicateRecords).append(" duplicate record(s) left out.\n");
    }
    if (discardedRecords > 0) {
      out.append(discardedRecords)
          .append(
              " record(s) discarded; raise -Dio.tern.common.leakDetection.maxRecords to keep more.\n");
    }
    return out.toString();
  }
}
