package io.tern.transport.linux.internal.uring;

/**
 * io_uring ABI constants from {@code <linux/io_uring.h>} (the same on every architecture), with the
 * kernel release that introduced each optional one.
 */
public final class IoUringConstants {
  // io_uring_setup flags
  public static final int SETUP_CQSIZE = 1 << 3;
  public static final int SETUP_CLAMP = 1 << 4;
  public static final int SETUP_R_DISABLED = 1 << 6; // 5.10
  public static final int SETUP_SUBMIT_ALL = 1 << 7; // 5.18
  public static final int SETUP_COOP_TASKRUN = 1 << 8; // 5.19
  public static final int SETUP_TASKRUN_FLAG = 1 << 9; // 5.19
  public static final int SETUP_SINGLE_ISSUER = 1 << 12; // 6.0
  public static final int SETUP_DEFER_TASKRUN = 1 << 13; // 6.1
  public static final int SETUP_NO_SQARRAY = 1 << 16; // 6.6

  // io_uring_params.features
  public static final int FEAT_SINGLE_MMAP = 1; // 5.4
  public static final int FEAT_NODROP = 1 << 1; // 5.5
  public static final int FEAT_SUBMIT_STABLE = 1 << 2;
  public static final int FEAT_FAST_POLL = 1 << 5; // 5.7
  public static final int FEAT_EXT_ARG = 1 << 8; // 5.11
  public static final int FEAT_NATIVE_WORKERS = 1 << 9; // 5.12
  public static final int FEAT_CQE_SKIP = 1 << 11; // 5.17

  // io_uring_enter flags
  public static final int ENTER_GETEVENTS = 1;
  public static final int ENTER_EXT_ARG = 1 << 3;
  public static final int ENTER_REGISTERED_RING = 1 << 4;

  // io_uring_register opcodes
  public static final int UNREGISTER_FILES = 3;
  public static final int REGISTER_FILES_UPDATE = 6;
  public static final int REGISTER_PROBE = 8;
  public static final int REGISTER_ENABLE_RINGS = 12;
  public static final int REGISTER_FILES2 = 13; // 5.13
  // io_uring_rsrc_register.flags
  public static final int RSRC_REGISTER_SPARSE = 1; // 5.19: a table of empty slots, no fd array
  public static final int REGISTER_RING_FDS = 20; // 5.18
  public static final int UNREGISTER_RING_FDS = 21;
  public static final int REGISTER_PBUF_RING = 22; // 5.19
  public static final int UNREGISTER_PBUF_RING = 23;
  // io_uring_buf_reg.flags
  public static final short PBUF_RING_INC = 2; // 6.12: buffers consumed incrementally

  // opcodes
  public static final byte OP_NOP = 0;
  public static final byte OP_READV = 1;
  public static final byte OP_WRITEV = 2;
  public static final byte OP_POLL_ADD = 6;
  public static final byte OP_POLL_REMOVE = 7;
  public static final byte OP_SENDMSG = 9;
  public static final byte OP_RECVMSG = 10;
  public static final byte OP_TIMEOUT = 11;
  public static final byte OP_ACCEPT = 13;
  public static final byte OP_ASYNC_CANCEL = 14;
  public static final byte OP_CONNECT = 16;
  public static final byte OP_CLOSE = 19;
  public static final byte OP_READ = 22;
  public static final byte OP_WRITE = 23;
  public static final byte OP_SEND = 26;
  public static final byte OP_RECV = 27;
  public static final byte OP_SPLICE = 30;
  public static final byte OP_SHUTDOWN = 34; // 5.11
  public static final byte OP_MSG_RING = 40; // 5.18
  public static final byte OP_SOCKET = 45;
  public static final byte OP_SEND_ZC = 47; // 6.0
  public static final byte OP_SENDMSG_ZC = 48; // 6.1

  // sqe.flags
  public static final byte IOSQE_FIXED_FILE = 1;
  public static final byte IOSQE_IO_LINK = 1 << 2;
  public static final byte IOSQE_ASYNC = 1 << 4;
  public static final byte IOSQE_BUFFER_SELECT = 1 << 5;
  public static final byte IOSQE_CQE_SKIP_SUCCESS = 1 << 6;

  // sqe.ioprio for send/recv and accept
  public static final short RECVSEND_POLL_FIRST = 1;
  public static final short RECV_MULTISHOT = 1 << 1; // 6.0
  public static final short SEND_ZC_REPORT_USAGE = 1 << 3;
  public static final short ACCEPT_MULTISHOT = 1; // 5.19

  // sqe.cancel_flags
  public static final int ASYNC_CANCEL_ALL = 1; // 5.19
  public static final int ASYNC_CANCEL_FD = 1 << 1; // 5.19
  public static final int ASYNC_CANCEL_ANY = 1 << 2; // 5.19

  // cqe.flags
  public static final int CQE_F_BUFFER = 1;
  public static final int CQE_F_MORE = 1 << 1;
  public static final int CQE_F_SOCK_NONEMPTY = 1 << 2;
  public static final int CQE_F_NOTIF = 1 << 3;
  public static final int CQE_F_BUF_MORE = 1 << 4; // 6.12: an incremental buffer is not used up
  public static final int CQE_BUFFER_SHIFT = 16;

  // sq ring flags
  public static final int SQ_NEED_WAKEUP = 1;
  public static final int SQ_CQ_OVERFLOW = 1 << 1;
  public static final int SQ_TASKRUN = 1 << 2;

  // mmap offsets
  public static final long OFF_SQ_RING = 0L;
  public static final long OFF_CQ_RING = 0x8000000L;
  public static final long OFF_SQES = 0x10000000L;

  /** {@code sizeof(struct io_uring_params)}. */
  public static final int PARAMS_SIZE = 120;

  /** {@code sizeof(struct io_uring_sqe)} (without SQE128). */
  public static final int SQE_SIZE = 64;

  /** {@code sizeof(struct io_uring_cqe)} (without CQE32). */
  public static final int CQE_SIZE = 16;

  /** Highest opcode number this code knows; the probe asks for this many. */
  public static final int OP_LAST_KNOWN = 64;

  private IoUringConstants() {}
}
