package io.tern.transport.linux.iouring;

import static io.tern.transport.linux.internal.uring.IoUringConstants.ENTER_EXT_ARG;
import static io.tern.transport.linux.internal.uring.IoUringConstants.ENTER_GETEVENTS;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_ASYNC_CANCEL;
import static io.tern.transport.linux.internal.uring.IoUringConstants.OP_READ;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_COOP_TASKRUN;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_DEFER_TASKRUN;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_R_DISABLED;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_SINGLE_ISSUER;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_SUBMIT_ALL;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SETUP_TASKRUN_FLAG;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SQ_CQ_OVERFLOW;
import static io.tern.transport.linux.internal.uring.IoUringConstants.SQ_TASKRUN;

import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.PooledByteBufAllocator;
import io.tern.transport.EventLoop;
import io.tern.transport.IoHandle;
import io.tern.transport.IoHandler;
import io.tern.transport.IoHandlerContext;
import io.tern.transport.IoHandlerFactory;
import io.tern.transport.IoRegistration;
import io.tern.transport.linux.internal.SlotTable;
import io.tern.transport.linux.internal.channel.LinuxDatagramIo;
import io.tern.transport.linux.internal.sys.Errno;
import io.tern.transport.linux.internal.sys.EventFd;
import io.tern.transport.linux.internal.sys.LibC;
import io.tern.transport.linux.internal.sys.MessageArray;
import io.tern.transport.linux.internal.uring.BufferRing;
import io.tern.transport.linux.internal.uring.CompletionQueue;
import io.tern.transport.linux.internal.uring.FixedFiles;
import io.tern.transport.linux.internal.uring.IoUringFeatures;
import io.tern.transport.linux.internal.uring.Ring;
import io.tern.transport.linux.internal.uring.SubmissionQueue;
import io.tern.transport.linux.internal.uring.UserData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.TimeUnit;

/**
 * An io_uring {@link IoHandler}: handles queue requests ({@link IoUringIoOps}) during a loop
 * iteration, the handler submits all of them with one {@code io_uring_enter} that also waits for
 * completions, and dispatches each completion to its {@link IoUringIoHandle} as an {@link
 * IoUringIoEvent}.
 *
 * <pre>
 * one iteration:  [handles and tasks fill SQEs] -> io_uring_enter(to_submit = all pending,
 *                 min_complete = 1 if blocking, GETEVENTS | EXT_ARG with the deadline)
 *                 -> drain the CQ: user_data -> slot -> registration -> handle.handle(event)
 * </pre>
 *
 * <p><b>Ring.</b> Set up and mmapped from Java (one mapping with {@code IORING_FEAT_SINGLE_MMAP}),
 * with {@code SINGLE_ISSUER} and {@code DEFER_TASKRUN} when the kernel has them (completions are
 * then produced only when the loop enters the kernel, never by interrupting it), {@code
 * COOP_TASKRUN} otherwise, and the ring descriptor registered with itself. The ring is created
 * disabled and enabled on the loop thread, which thereby becomes its single issuer.
 *
 * <p><b>Wake-ups.</b> A read of an {@code eventfd} is always in flight; {@link #wakeup()} writes to
 * the eventfd from any thread, which completes the read and ends the wait. The counter keeps a
 * wake-up that arrives before the read is (re)armed, so it is sticky.
 *
 * <p><b>Deadlines.</b> The wait is bounded by {@code IORING_ENTER_EXT_ARG} with a relative
 * timespec: nanosecond resolution, no timeout request to cancel.
 *
 * <p><b>Cancellation.</b> {@link IoRegistration#cancel()} submits an {@code ASYNC_CANCEL} for each
 * request the handle has in flight; completions keep reaching the handle until the last one, and
 * only then is the registration's slot reused. On {@link #destroy()} the loop waits (bounded) for
 * every request to finish before unmapping the ring, so the kernel never writes into memory that
 * was freed.
 *
 * <h2>Threading</h2>
 *
 * <p>Every method except {@link #wakeup()} runs on the loop thread.
 *
 * <h2>Ownership</h2>
 *
 * <p>Owns its ring, its {@code eventfd}, its provided buffer ring and native arrays, and releases
 * them in {@link #destroy()}; a provided buffer handed to a handle in a completion is that handle's
 * (see {@link IoUringIoEvent}).
 */
public final class IoUringIoHandler implements IoHandler {
  private static final System.Logger LOGGER = System.getLogger(IoUringIoHandler.class.getName());
  private static final short WAKEUP_DATA = 1;
  private static final long DESTROY_DRAIN_NANOS = TimeUnit.SECONDS.toNanos(5);

  private final EventLoop loop;
  private final IoUringSettings settings;
  private final Ring ring;
  private final SubmissionQueue sq;
  private final CompletionQueue cq;
  private final EventFd wakeupFd;
  private final boolean deferTaskrun;
  private final boolean taskrunFlag;
  private final boolean useBufferRings;
  private final boolean incrementalBuffers;
  private final boolean multishotAccept;
  private final boolean multishotRecv;
  private final int sendZcThreshold;
  private final boolean sendmsgZc;
  // [0, 8) eventfd read target, [8, 32) io_uring_getevents_arg, [32, 48) timespec
  private final MemorySegment scratch;
  private final SlotTable<IoUringRegistration> registrations = new SlotTable<>();
  private final IoUringIoEvent event = new IoUringIoEvent();
  private final CompletionQueue.Consumer consumer = this::complete;
  private final ByteBufAllocator allocator = PooledByteBufAllocator.DEFAULT;
  private BufferRing bufferRing;
  private FixedFiles fixedFiles;
  private MessageArray messageArray;
  private long wakeupUserData;
  private boolean wakeupArmed;
  private int inflight;
  private final WriteVectors.Pool writeVectors = new WriteVectors.Pool();
  // Registered and not cancelled (a cancelled one keeps its slot until its last completion).
  private int registeredHandles;
  private int handled;
  private boolean initialized;
  private boolean destroyed;

  private IoUringIoHandler(EventLoop loop, IoUringSettings settings) {
    IoUring.ensureAvailability();
    this.loop = loop;
    this.settings = settings;
    IoUringFeatures f = IoUring.features();
    int flags = 0;
    boolean single = settings.singleIssuer() && f.singleIssuer();
    boolean defer = single && settings.deferTaskrun() && f.deferTaskrun();
    boolean flag;
    if (defer) {
      flags |= SETUP_SINGLE_ISSUER | SETUP_DEFER_TASKRUN | SETUP_R_DISABLED;
      flag = f.deferTaskrunFlag();
    } else {
      if (single) {
        flags |= SETUP_SINGLE_ISSUER | SETUP_R_DISABLED;
      }
      flag = f.coopTaskrun();
      if (flag) {
        flags |= SETUP_COOP_TASKRUN;
      }
    }
    if (flag) {
      flags |= SETUP_TASKRUN_FLAG;
    }
    if (f.submitAll()) {
      flags |= SETUP_SUBMIT_ALL;
    }
    this.deferTaskrun = defer;
    this.taskrunFlag = flag;
    this.useBufferRings = settings.bufferRings() && f.bufferRings();
    this.incrementalBuffers =
        useBufferRings && settings.incrementalBuffers() && f.incrementalBuffers();
    this.multishotAccept = settings.multishot() && f.multishotAccept();
    this.multishotRecv = settings.multishot() && useBufferRings && f.multishotRecv();
    this.sendZcThreshold = f.sendZc() ? settings.sendZcThreshold() : -1;
    this.sendmsgZc = f.sendmsgZc();
    try {
      this.ring = Ring.setup(settings.ringSize(), settings.cqSize(), flags);
    } catch (IOException e) {
      throw new UncheckedIOException("io_uring_setup failed", e);
    }
    this.sq = ring.sq();
    this.cq = ring.cq();
    try {
      this.wakeupFd = new EventFd();
    } catch (IOException e) {
      ring.close();
      throw new UncheckedIOException(e);
    }
    this.scratch = LibC.calloc(48);
  }

  /**
   * Returns a factory of io_uring handlers with the settings from system properties ({@code
   * io.tern.transport.linux.ioUring.*}, see {@code docs/native-transports.md}).
   *
   * @return the factory
   * @throws UnsupportedOperationException if io_uring is not {@linkplain IoUring#isAvailable()
   *     available}
   */
  public static IoHandlerFactory newFactory() {
    IoUring.ensureAvailability();
    IoUringSettings settings = IoUringSettings.fromProperties();
    return loop -> new IoUringIoHandler(loop, settings);
  }

  /** For tests: a factory with explicit settings (features turned off exercise fallbacks). */
  static IoHandlerFactory newFactory(IoUringSettings settings) {
    IoUring.ensureAvailability();
    return loop -> new IoUringIoHandler(loop, settings);
  }

  @Override
  public void initialize() {
    if ((ring.setupFlags() & SETUP_R_DISABLED) != 0) {
      try {
        ring.enable();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot enable the io_uring", e);
      }
    }
    if (settings.registeredRing() && IoUring.features().registeredRing()) {
      ring.registerRingFd();
    }
    if (settings.fixedFiles() && IoUring.features().sparseFiles()) {
      // on the loop thread: with SINGLE_ISSUER only the submitter may register
      fixedFiles = FixedFiles.register(ring, settings.fixedFileSlots());
      if (fixedFiles == null) {
        LOGGER.log(
            System.Logger.Level.DEBUG, "no registered file table: channels use plain descriptors");
      }
    }
    initialized = true;
    armWakeup();
  }

  private void armWakeup() {
    wakeupUserData = UserData.encode(0, 0, OP_READ, WAKEUP_DATA);
    enqueue(
        OP_READ,
        (byte) 0,
        (short) 0,
        wakeupFd.fd(),
        0,
        scratch.address(),
        8,
        0,
        wakeupUserData,
        (short) 0,
        (short) 0,
        0,
        0);
    wakeupArmed = true;
  }

  @Override
  public int run(IoHandlerContext context) {
    if (!wakeupArmed) {
      armWakeup();
    }
    handled = 0;
    int r;
    if (context.canBlock() && !cq.hasCompletions()) {
      long delay = context.delayNanos();
      if (delay == Long.MAX_VALUE) {
        r = ring.enter(1, ENTER_GETEVENTS, 0, 0);
      } else if (delay > 0) {
        r = ring.enter(1, ENTER_GETEVENTS | ENTER_EXT_ARG, timeoutArg(delay), 24);
      } else {
        r = submitAndPoll();
      }
    } else {
      r = submitAndPoll();
    }
    if (r < 0
        && r != -Errno.ETIME
        && r != -Errno.EINTR
        && r != -Errno.EAGAIN
        && r != -Errno.EBUSY) {
      LOGGER.log(System.Logger.Level.WARNING, "io_uring_enter failed: " + Errno.message(-r));
    }
    cq.drain(consumer);
    if ((sq.flags() & SQ_CQ_OVERFLOW) != 0) {
      // Completions the CQ had no room for wait in the kernel: flush them and drain again.
      ring.enter(0, ENTER_GETEVENTS, 0, 0);
      cq.drain(consumer);
    }
    return handled;
  }

  /** Submits what is queued and collects ready completions without waiting. */
  private int submitAndPoll() {
    if (sq.pending() > 0) {
      return ring.enter(0, ENTER_GETEVENTS, 0, 0);
    }
    // With DEFER_TASKRUN completions are posted only inside io_uring_enter; TASKRUN_FLAG tells
    // whether there is any work waiting, sparing the system call when there is none.
    if (taskrunFlag ? (sq.flags() & SQ_TASKRUN) != 0 : deferTaskrun) {
      return ring.enter(0, ENTER_GETEVENTS, 0, 0);
    }
    return 0;
  }

  /** Fills the getevents arg with a relative timeout; returns its address. */
  private long timeoutArg(long delayNanos) {
    long ts = scratch.address() + 32;
    scratch.set(ValueLayout.JAVA_LONG, 32, delayNanos / 1_000_000_000L);
    scratch.set(ValueLayout.JAVA_LONG, 40, delayNanos % 1_000_000_000L);
    scratch.set(ValueLayout.JAVA_LONG, 8, 0L); // sigmask
    scratch.set(ValueLayout.JAVA_INT, 16, 0); // sigmask_sz
    scratch.set(ValueLayout.JAVA_INT, 20, 0); // min_wait_usec / pad
    scratch.set(ValueLayout.JAVA_LONG, 24, ts);
    return scratch.address() + 8;
  }

  private void complete(long userData, int res, int flags) {
    int slot = UserData.slot(userData);
    if (slot == 0) {
      if (userData == wakeupUserData && UserData.opcode(userData) == OP_READ) {
        wakeupArmed = false;
      }
      return;
    }
    IoUringRegistration r = registrations.get(slot);
    if (r == null || (registrations.generation(slot) & 0xff) != UserData.generation(userData)) {
      return;
    }
    handled++;
    try {
      r.complete(event, userData, res, flags);
    } catch (RuntimeException e) {
      LOGGER.log(System.Logger.Level.WARNING, "Handle " + r.handle + " failed", e);
    }
  }

  /** Queues one SQE, submitting the full queue first if needed. */
  void enqueue(
      byte opcode,
      byte flags,
      short ioPrio,
      int fd,
      long off,
      long addr,
      int len,
      int opFlags,
      long userData,
      short bufIndex,
      short personality,
      int spliceFdIn,
      long addr3) {
    if (sq.add(
        opcode,
        flags,
        ioPrio,
        fd,
        off,
        addr,
        len,
        opFlags,
        userData,
        bufIndex,
        personality,
        spliceFdIn,
        addr3)) {
      return;
    }
    int r = ring.enter(0, 0, 0, 0);
    if (r < 0
        || !sq.add(
            opcode,
            flags,
            ioPrio,
            fd,
            off,
            addr,
            len,
            opFlags,
            userData,
            bufIndex,
            personality,
            spliceFdIn,
            addr3)) {
      throw new IllegalStateException(
          "io_uring submission queue full" + (r < 0 ? ": " + Errno.message(-r) : ""));
    }
  }

  /** Queues an {@code ASYNC_CANCEL} of {@code target}, owned by the handler (slot 0). */
  void enqueueCancel(long target) {
    enqueue(
        OP_ASYNC_CANCEL,
        (byte) 0,
        (short) 0,
        -1,
        0,
        target,
        0,
        0,
        UserData.encode(0, 0, OP_ASYNC_CANCEL, (short) 0),
        (short) 0,
        (short) 0,
        0,
        0);
  }

  void inflightChanged(int delta) {
    inflight += delta;
  }

  EventLoop loop() {
    return loop;
  }

  void free(int slot) {
    registrations.remove(slot);
  }

  /**
   * Returns this loop's provided buffer ring (group 0), creating it on first use; {@code null} when
   * buffer rings are unsupported or turned off. Loop thread only.
   */
  BufferRing bufferRing() throws IOException {
    if (!useBufferRings) {
      return null;
    }
    if (bufferRing == null) {
      bufferRing =
          new BufferRing(
              ring,
              (short) 0,
              settings.entriesFor(incrementalBuffers),
              settings.sizeFor(incrementalBuffers),
              allocator,
              incrementalBuffers);
    }
    return bufferRing;
  }

  /**
   * Returns this loop's registered (fixed) file table; {@code null} when fixed files are turned
   * off, unsupported, or the kernel refused the table. Loop thread only.
   */
  FixedFiles fixedFiles() {
    return fixedFiles;
  }

  /** Whether accepts may be multishot here (kernel and settings). */
  boolean multishotAccept() {
    return multishotAccept;
  }

  /** Bytes from which one write goes as a zero-copy send here (kernel and settings), -1 never. */
  int sendZcThreshold() {
    return sendZcThreshold;
  }

  /** Whether gathering writes may go as zero-copy {@code SENDMSG_ZC} (kernel). */
  boolean sendmsgZc() {
    return sendmsgZc;
  }

  /** Whether receives may be multishot into the buffer ring here (kernel and settings). */
  boolean multishotRecv() {
    return multishotRecv;
  }

  /** What this handler's ring was set up with; for tests. */
  int setupFlags() {
    return ring.setupFlags();
  }

  /** Whether io_uring_enter uses the registered ring index; for tests. */
  boolean isRingFdRegistered() {
    return ring.isRingFdRegistered();
  }

  /** Requests in flight across all registrations; for tests. */
  int inflight() {
    return inflight;
  }

  @Override
  public int registeredHandles() {
    return registeredHandles;
  }

  /** A registration was cancelled; loop thread. */
  void registrationCancelled() {
    registeredHandles--;
  }

  /** Lends a stream write its {@code iovec} array and gatherer until it completes; loop thread. */
  WriteVectors takeWriteVectors() {
    return writeVectors.take();
  }

  /** Takes back what {@link #takeWriteVectors()} lent, its buffers released; loop thread. */
  void giveBackWriteVectors(WriteVectors v) {
    writeVectors.giveBack(v);
  }

  /** Registrations whose slot is still held; for tests. */
  int registeredCount() {
    return registrations.size();
  }

  @Override
  public void wakeup() {
    wakeupFd.signal();
  }

  @Override
  public void prepareToDestroy() {
    registrations.forEach(
        r -> {
          r.cancel();
          try {
            r.handle.close();
          } catch (Exception e) {
            LOGGER.log(System.Logger.Level.WARNING, "Failed to close " + r.handle, e);
          }
        });
  }

  @Override
  public void destroy() {
    if (destroyed) {
      return;
    }
    destroyed = true;
    boolean drained = true;
    if (initialized) {
      if (wakeupArmed) {
        enqueueCancel(wakeupUserData);
      }
      long deadline = System.nanoTime() + DESTROY_DRAIN_NANOS;
      while ((inflight > 0 || wakeupArmed) && System.nanoTime() - deadline < 0) {
        ring.enter(1, ENTER_GETEVENTS | ENTER_EXT_ARG, timeoutArg(100_000_000L), 24);
        cq.drain(consumer);
      }
      drained = inflight == 0 && !wakeupArmed;
      if (!drained) {
        LOGGER.log(
            System.Logger.Level.WARNING,
            inflight
                + " io_uring requests did not finish before the loop ended; their memory"
                + " is not freed");
      }
    }
    if (bufferRing != null && drained) {
      bufferRing.close();
    }
    if (drained) { // else writes still in flight may use their vectors
      writeVectors.close();
    }
    if (fixedFiles != null) {
      fixedFiles.close();
    }
    ring.close();
    wakeupFd.close();
    if (drained) {
      LibC.free(scratch);
    }
    if (messageArray != null) {
      messageArray.close(); // only ever used by system calls made on the loop, never by the ring
    }
  }

  /**
   * Hands the submission queue's pending entries to the kernel now, not at the loop's next {@code
   * io_uring_enter}: a channel about to close its descriptor calls it, because an entry still in
   * the queue names the descriptor by number and would find it closed (a flushed write lost). Loop
   * thread only.
   */
  void submitPending() {
    int r = ring.enter(0, 0, 0, 0);
    if (r < 0 && r != -Errno.EINTR && r != -Errno.EBUSY && r != -Errno.EAGAIN) {
      LOGGER.log(System.Logger.Level.WARNING, "io_uring_enter failed: " + Errno.message(-r));
    }
  }

  /**
   * {@link #submitPending()} when the submission queue holds entries: a channel about to give its
   * fixed file slot back calls it, because a queued entry names the slot. Loop thread only.
   */
  void submitPendingIfAny() {
    if (sq.pending() > 0) {
      submitPending();
    }
  }

  /**
   * The loop's shared {@code mmsghdr} array for the datagram channels' {@code recvmmsg}/{@code
   * sendmmsg} ({@link LinuxDatagramIo#MAX_DATAGRAMS_PER_CALL} entries), created on first use; loop
   * thread only.
   */
  MessageArray messageArray() {
    MessageArray m = messageArray;
    if (m == null) {
      messageArray = m = new MessageArray(LinuxDatagramIo.MAX_DATAGRAMS_PER_CALL);
    }
    return m;
  }

  @Override
  public IoRegistration register(IoHandle handle) {
    if (!(handle instanceof IoUringIoHandle h)) {
      throw new IllegalArgumentException("not an IoUringIoHandle: " + handle);
    }
    IoUringRegistration r = new IoUringRegistration(this, h);
    int slot = registrations.add(r);
    r.bind(slot, registrations.generation(slot));
    registeredHandles++;
    return r;
  }

  @Override
  public boolean isCompatible(Class<? extends IoHandle> handleType) {
    return IoUringIoHandle.class.isAssignableFrom(handleType);
  }
}
