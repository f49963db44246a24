package io.tern.codec.smtp;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * Factories for the requests a client sends.
 *
 * <pre>{@code
 * ch.write(SmtpRequests.mail("a@example.org", "BODY=8BITMIME", "SIZE=1234"));
 * ch.write(SmtpRequests.rcpt("b@example.org"));
 * ch.writeAndFlush(SmtpRequests.data()); // pipelined when the server says PIPELINING
 * }</pre>
 *
 * <h2>Threading</h2>
 *
 * Any thread (static methods).
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class SmtpRequests {
  private SmtpRequests() {}

  /**
   * {@code EHLO hostname}.
   *
   * @param hostname the client's name or address literal
   * @return the request
   */
  public static SmtpRequest ehlo(String hostname) {
    return new SmtpRequest(SmtpCommand.EHLO, hostname);
  }

  /**
   * {@code HELO hostname}.
   *
   * @param hostname the client's name
   * @return the request
   */
  public static SmtpRequest helo(String hostname) {
    return new SmtpRequest(SmtpCommand.HELO, hostname);
  }

  /**
   * {@code MAIL FROM:<sender>} with ESMTP parameters such as {@code BODY=8BITMIME} or {@code
   * SIZE=n}.
   *
   * @param sender the envelope sender, {@code ""} for the null sender
   * @param parameters the parameters
   * @return the request
   */
  public static SmtpRequest mail(String sender, String... parameters) {
    return withParameters(SmtpCommand.MAIL, "FROM:<" + sender + ">", parameters);
  }

  /**
   * {@code RCPT TO:<recipient>} with ESMTP parameters.
   *
   * @param recipient the envelope recipient
   * @param parameters the parameters
   * @return the request
   */
  public static SmtpRequest rcpt(String recipient, String... parameters) {
    return withParameters(SmtpCommand.RCPT, "TO:<" + recipient + ">", parameters);
  }

  /**
   * {@code DATA}: the server answers 354, then the body follows as {@link SmtpContent}.
   *
   * @return the request
   */
  public static SmtpRequest data() {
    return new SmtpRequest(SmtpCommand.DATA);
  }

  /**
   * {@code NOOP}.
   *
   * @return the request
   */
  public static SmtpRequest noop() {
    return new SmtpRequest(SmtpCommand.NOOP);
  }

  /**
   * {@code RSET}.
   *
   * @return the request
   */
  public static SmtpRequest rset() {
    return new SmtpRequest(SmtpCommand.RSET);
  }

  /**
   * {@code QUIT}.
   *
   * @return the request
   */
  public static SmtpRequest quit() {
    return new SmtpRequest(SmtpCommand.QUIT);
  }

  /**
   * {@code STARTTLS}: after the server's 220, add an {@code SslHandler} in front of the codec and
   * send {@code EHLO} again.
   *
   * @return the request
   */
  public static SmtpRequest starttls() {
    return new SmtpRequest(SmtpCommand.STARTTLS);
  }

  /**
   * {@code AUTH PLAIN} with the initial response (RFC 4616): base64 of NUL, user, NUL, password.
   *
   * @param user the user
   * @param password the password
   * @return the request
   */
  public static SmtpRequest authPlain(String user, String password) {
    String token = "\0" + user + "\0" + password;
    return new SmtpRequest(SmtpCommand.AUTH, "PLAIN", base64(token));
  }

  /**
   * {@code AUTH LOGIN}: the server answers 334 twice, for {@link #authResponse} of the user, then
   * of the password.
   *
   * @return the request
   */
  public static SmtpRequest authLogin() {
    return new SmtpRequest(SmtpCommand.AUTH, "LOGIN");
  }

  /**
   * A line answering a 334 challenge: the text base64-encoded.
   *
   * @param text the user name or password
   * @return the request
   */
  public static SmtpRequest authResponse(String text) {
    return new SmtpRequest(SmtpCommand.EMPTY, base64(text));
  }

  private static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  private static SmtpRequest withParameters(
      SmtpCommand command, String first, String[] parameters) {
    // One array into List.of, which the record's List.copyOf then keeps as it is (no more copies).
    String[] all = new String[parameters.length + 1];
    all[0] = first;
    System.arraycopy(parameters, 0, all, 1, parameters.length);
    return new SmtpRequest(command, List.of(all));
  }
}
