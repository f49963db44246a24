package io.tern.codec.xml;

import io.tern.codec.DecoderException;

/**
 * Raised when XML input is not well-formed, uses what the decoder refuses (a DTD, an entity other
 * than the predefined ones), or breaks an {@link XmlDecoderLimits} limit. The decoder drops the
 * rest of its input afterwards.
 *
 * <h2>Threading</h2>
 *
 * Created and thrown on the channel's event loop; immutable afterwards.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public class XmlDecoderException extends DecoderException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception with a message.
   *
   * @param message what was wrong
   */
  public XmlDecoderException(String message) {
    super(message);
  }

  /**
   * Creates an exception with a message and a cause.
   *
   * @param message what was wrong
   * @param cause the parser's error
   */
  public XmlDecoderException(String message, Throwable cause) {
    super(message, cause);
  }
}
