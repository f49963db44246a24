package io.tern.codec.xml;

/**
 * Bounds on what an XML decoder accepts from an untrusted peer. Every token is bounded (text,
 * comments, tags with their attributes, processing instructions), so is the nesting of elements and
 * the number of attributes of one element. No limit is needed on entity expansion: DTDs and
 * entities other than the five predefined ones and character references are refused outright.
 *
 * <h2>Threading</h2>
 *
 * Immutable; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 *
 * @param maxDepth the deepest nesting of elements, at least 1
 * @param maxAttributes the most attributes (namespace declarations included) on one element
 * @param maxTokenBytes the most bytes of one token (a tag, a piece of text, a comment, a CDATA
 *     section, a processing instruction), at least 64
 */
public record XmlDecoderLimits(int maxDepth, int maxAttributes, int maxTokenBytes) {
  /** 256 levels, 256 attributes, 1 MiB per token. */
  public static final XmlDecoderLimits DEFAULT = new XmlDecoderLimits(256, 256, 1 << 20);

  /**
   * Checks the arguments.
   *
   * @throws IllegalArgumentException if one is out of range
   */
  public XmlDecoderLimits {
    if (maxDepth < 1) {
      throw new IllegalArgumentException("maxDepth: " + maxDepth + " (expected: >= 1)");
    }
    if (maxAttributes < 0) {
      throw new IllegalArgumentException("maxAttributes: " + maxAttributes + " (expected: >= 0)");
    }
    if (maxTokenBytes < 64) {
      throw new IllegalArgumentException("maxTokenBytes: " + maxTokenBytes + " (expected: >= 64)");
    }
  }
}
