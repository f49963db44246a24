package io.tern.handler.ssl.openssl.internal.lib;

/**
 * The command numbers of {@code ssl.h}'s {@code SSL_ctrl}/{@code SSL_CTX_ctrl} macros that {@link
 * Ssl} and {@link SslCtx} spell out (OpenSSL 3's values, part of its stable ABI).
 */
final class SslCtrl {
  static final int CTRL_MODE = 33;
  static final int CTRL_SET_SESS_CACHE_SIZE = 42;
  static final int CTRL_GET_SESS_CACHE_SIZE = 43;
  static final int CTRL_SET_SESS_CACHE_MODE = 44;
  static final int CTRL_SET_TLSEXT_HOSTNAME = 55;
  static final int CTRL_SET_TLSEXT_TICKET_KEYS = 59;
  static final int CTRL_SET_TLSEXT_STATUS_REQ_CB = 63;
  static final int CTRL_SET_TLSEXT_STATUS_REQ_TYPE = 65;
  static final int CTRL_GET_TLSEXT_STATUS_REQ_OCSP_RESP = 70;
  static final int CTRL_SET_TLSEXT_STATUS_REQ_OCSP_RESP = 71;
  static final int CTRL_CHAIN_CERT = 89;
  static final int CTRL_SET_GROUPS_LIST = 92;
  static final int CTRL_SET_MIN_PROTO_VERSION = 123;
  static final int CTRL_SET_MAX_PROTO_VERSION = 124;

  private SslCtrl() {}
}
