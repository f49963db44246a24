package io.tern.codec.smtp;

import java.util.Locale;
import java.util.Objects;

/**
 * An SMTP command verb ({@code EHLO}, {@code MAIL}, ...), upper case, or {@link #EMPTY} for a line
 * that is only parameters (an {@code AUTH LOGIN} continuation).
 *
 * <h2>Threading</h2>
 *
 * Any thread (immutable).
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param name the verb as written, {@code ""} for {@link #EMPTY}
 */
public record SmtpCommand(String name) {
  /** {@code EHLO}: extended hello. */
  public static final SmtpCommand EHLO = new SmtpCommand("EHLO");

  /** {@code HELO}: hello. */
  public static final SmtpCommand HELO = new SmtpCommand("HELO");

  /** {@code AUTH}: authentication. */
  public static final SmtpCommand AUTH = new SmtpCommand("AUTH");

  /** {@code MAIL}: the envelope sender. */
  public static final SmtpCommand MAIL = new SmtpCommand("MAIL");

  /** {@code RCPT}: one envelope recipient. */
  public static final SmtpCommand RCPT = new SmtpCommand("RCPT");

  /** {@code DATA}: the message follows. */
  public static final SmtpCommand DATA = new SmtpCommand("DATA");

  /** {@code NOOP}. */
  public static final SmtpCommand NOOP = new SmtpCommand("NOOP");

  /** {@code RSET}: abort the transaction. */
  public static final SmtpCommand RSET = new SmtpCommand("RSET");

  /** {@code VRFY}. */
  public static final SmtpCommand VRFY = new SmtpCommand("VRFY");

  /** {@code EXPN}. */
  public static final SmtpCommand EXPN = new SmtpCommand("EXPN");

  /** {@code HELP}. */
  public static final SmtpCommand HELP = new SmtpCommand("HELP");

  /** {@code QUIT}. */
  public static final SmtpCommand QUIT = new SmtpCommand("QUIT");

  /** {@code STARTTLS}: switch to TLS (RFC 3207). */
  public static final SmtpCommand STARTTLS = new SmtpCommand("STARTTLS");

  /** No verb: the line is only its parameters. */
  public static final SmtpCommand EMPTY = new SmtpCommand("");

  /**
   * Creates a command; the verb is upper-cased and must be letters only.
   *
   * @param name the verb
   */
  public SmtpCommand {
    Objects.requireNonNull(name, "name");
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
        throw new IllegalArgumentException("SMTP command '" + name + "' is not letters only");
      }
    }
    name = name.toUpperCase(Locale.ROOT);
  }

  /**
   * Returns the command of a verb.
   *
   * @param name the verb, any case
   * @return the command
   */
  public static SmtpCommand valueOf(String name) {
    return new SmtpCommand(name);
  }

  @Override
  public String toString() {
    return name;
  }
}
