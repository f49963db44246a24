/**
 * SMTP for clients: {@link io.tern.codec.smtp.SmtpRequestEncoder} (commands, pipelined or not, and
 * the message body dot-stuffed after {@code DATA}) and {@link
 * io.tern.codec.smtp.SmtpResponseDecoder} (single and multi-line replies, with limits). STARTTLS is
 * {@code io.tern.handler}'s {@code SslHandler} added in front of them.
 */
module io.tern.codec.smtp {
  requires transitive io.tern.codec;

  exports io.tern.codec.smtp;
}
