/**
 * SMTP client codec: {@link io.tern.codec.smtp.SmtpRequest}s built by {@link
 * io.tern.codec.smtp.SmtpRequests}, {@link io.tern.codec.smtp.SmtpContent} for the message body,
 * {@link io.tern.codec.smtp.SmtpResponse}s decoded with limits.
 */
package io.tern.codec.smtp;
