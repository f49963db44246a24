package io.tern.codec.smtp;

import java.util.List;
import java.util.Objects;

/**
 * One SMTP command line: a {@link SmtpCommand} and its parameters, written separated by spaces and
 * ended by CR LF. Build them with {@link SmtpRequests}.
 *
 * <h2>Threading</h2>
 *
 * Any thread (immutable).
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param command the command
 * @param parameters the parameters, none holding CR or LF
 */
public record SmtpRequest(SmtpCommand command, List<String> parameters) {
  /**
   * Creates a request.
   *
   * @param command the command
   * @param parameters the parameters, none holding CR or LF
   */
  public SmtpRequest {
    Objects.requireNonNull(command, "command");
    parameters = List.copyOf(parameters);
    for (String p : parameters) {
      if (p.indexOf('\r') >= 0 || p.indexOf('\n') >= 0) {
        throw new IllegalArgumentException("SMTP parameter holds CR or LF: " + p);
      }
    }
  }

  /**
   * Creates a request.
   *
   * @param command the command
   * @param parameters the parameters
   */
  public SmtpRequest(SmtpCommand command, String... parameters) {
    this(command, List.of(parameters));
  }

  @Override
  public String toString() {
    if (command == SmtpCommand.AUTH || command == SmtpCommand.EMPTY) {
      return command + (parameters.isEmpty() ? "" : " " + parameters.get(0) + " <hidden>");
    }
    return parameters.isEmpty() ? command.name() : command + " " + String.join(" ", parameters);
  }
}
