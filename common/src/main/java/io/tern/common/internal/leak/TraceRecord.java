package io.tern.common.internal.leak;

/**
 * One access point of a tracked resource: an immutable node of a tracker's record list, newest
 * first, ending with the creation record.
 */
final class TraceRecord {
  final String hint;
  final TraceRecord next;

  /** Access records in this list, this one included, creation record excluded. */
  final int accessCount;

  final boolean creation;

  /** The caller's stack, or {@code null} when stacks are not captured. */
  private final CapturedStack stack;

  private TraceRecord(String hint, TraceRecord next, CapturedStack stack, boolean creation) {
    this.hint = hint;
    this.next = next;
    this.creation = creation;
    this.stack = stack;
    this.accessCount = next == null ? 0 : next.accessCount + (creation ? 0 : 1);
  }

  static TraceRecord creation(boolean captureStack) {
    return new TraceRecord(null, null, captureStack ? new CapturedStack() : null, true);
  }

  static TraceRecord access(String hint, TraceRecord next, boolean captureStack) {
    return new TraceRecord(hint, next, captureStack ? new CapturedStack() : null, false);
  }

  /** Copies this list without its oldest access record (the creation record stays). */
  TraceRecord withoutOldestAccess() {
    if (creation || next == null) {
      return this;
    }
    if (next.creation) {
      return next;
    }
    return new TraceRecord(hint, next.withoutOldestAccess(), stack, false);
  }

  /** Formats the hint and the stack, leaving out excluded frames. */
  String format() {
    StringBuilder out = new StringBuilder(512);
    if (hint != null) {
      out.append("\tHint: ").append(hint).append('\n');
    }
    if (stack != null) {
      for (StackTraceElement element : stack.getStackTrace()) {
        if (!LeakRegistry.isExcluded(element)) {
          out.append("\tat ").append(element).append('\n');
        }
      }
    }
    return out.toString();
  }

  /** Captures the stack at construction; never thrown, so no message, cause or suppression. */
  private static final class CapturedStack extends Throwable {
    private static final long serialVersionUID = 1L;

    CapturedStack() {
      super(null, null, false, true);
    }
  }
}
