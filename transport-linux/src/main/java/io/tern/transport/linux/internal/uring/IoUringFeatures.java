package io.tern.transport.linux.internal.uring;

/**
 * What the running kernel's io_uring supports beyond the baseline the transport requires (Linux
 * 5.11: {@code IORING_FEAT_EXT_ARG}, {@code NODROP}, {@code FAST_POLL} and the socket opcodes up to
 * {@code SHUTDOWN}). Each flag was probed, not inferred from the version, except where noted.
 *
 * @param features the {@code IORING_FEAT_*} bits
 * @param submitAll {@code IORING_SETUP_SUBMIT_ALL} (5.18)
 * @param coopTaskrun {@code IORING_SETUP_COOP_TASKRUN | TASKRUN_FLAG} (5.19)
 * @param singleIssuer {@code IORING_SETUP_SINGLE_ISSUER} together with {@code R_DISABLED} (6.0)
 * @param deferTaskrun {@code IORING_SETUP_DEFER_TASKRUN} (6.1), with {@code TASKRUN_FLAG} when
 *     {@code deferTaskrunFlag}
 * @param deferTaskrunFlag whether {@code TASKRUN_FLAG} is accepted with {@code DEFER_TASKRUN}
 * @param registeredRing {@code IORING_REGISTER_RING_FDS} (5.18)
 * @param bufferRings {@code IORING_REGISTER_PBUF_RING} (5.19)
 * @param incrementalBuffers {@code IOU_PBUF_RING_INC}: provided buffers consumed a piece at a time
 *     (6.12)
 * @param multishotAccept {@code IORING_ACCEPT_MULTISHOT}: same release as buffer rings (5.19),
 *     inferred from them
 * @param multishotRecv {@code IORING_RECV_MULTISHOT}: same release as {@code SEND_ZC} (6.0),
 *     inferred from it
 * @param sendZc {@code IORING_OP_SEND_ZC} (6.0)
 * @param sendmsgZc {@code IORING_OP_SENDMSG_ZC} (6.1)
 * @param msgRing {@code IORING_OP_MSG_RING} (5.18)
 * @param cancelByFd {@code IORING_ASYNC_CANCEL_FD | ALL}: same release as buffer rings (5.19),
 *     inferred from them
 * @param sparseFiles {@code IORING_REGISTER_FILES2} with {@code IORING_RSRC_REGISTER_SPARSE}: a
 *     registered (fixed) file table of empty slots (5.19)
 */
public record IoUringFeatures(
    int features,
    boolean submitAll,
    boolean coopTaskrun,
    boolean singleIssuer,
    boolean deferTaskrun,
    boolean deferTaskrunFlag,
    boolean registeredRing,
    boolean bufferRings,
    boolean incrementalBuffers,
    boolean multishotAccept,
    boolean multishotRecv,
    boolean sendZc,
    boolean sendmsgZc,
    boolean msgRing,
    boolean cancelByFd,
    boolean sparseFiles) {

  /** Nothing optional: what a 5.11 kernel offers. */
  public static final IoUringFeatures BASELINE =
      new IoUringFeatures(
          0, false, false, false, false, false, false, false, false, false, false, false, false,
          false, false, false);
}
