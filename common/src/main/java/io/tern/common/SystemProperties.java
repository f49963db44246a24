package io.tern.common;

import java.util.Locale;

/**
 * Reads Tern's tuning knobs from system properties, falling back to a default when a property is
 * absent or malformed, so a typo never stops an application from starting.
 *
 * <p>Every property is named {@code io.tern.<module>.<setting>} and documented where it is read.
 *
 * <h2>Threading</h2>
 *
 * <p>Reads may happen on any thread; values are read when asked for, not cached here.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects.
 */
public final class SystemProperties {
  private static final System.Logger LOGGER = System.getLogger(SystemProperties.class.getName());

  private SystemProperties() {}

  /**
   * Returns the value of a property, or {@code defaultValue} when it is unset or blank.
   *
   * @param key the property name
   * @param defaultValue returned when the property is absent
   * @return the trimmed value or the default
   */
  public static String get(String key, String defaultValue) {
    String value = System.getProperty(key);
    if (value == null) {
      return defaultValue;
    }
    value = value.strip();
    return value.isEmpty() ? defaultValue : value;
  }

  /**
   * Returns a property parsed as an {@code int}, or the default when it is unset or not a number.
   *
   * @param key the property name
   * @param defaultValue returned when the property is absent or malformed
   * @return the parsed value or the default
   */
  public static int getInt(String key, int defaultValue) {
    String value = get(key, null);
    if (value == null) {
      return defaultValue;
    }
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      warnMalformed(key, value, defaultValue);
      return defaultValue;
    }
  }

  /**
   * Returns a property parsed as a {@code long}, or the default when it is unset or not a number.
   *
   * @param key the property name
   * @param defaultValue returned when the property is absent or malformed
   * @return the parsed value or the default
   */
  public static long getLong(String key, long defaultValue) {
    String value = get(key, null);
    if (value == null) {
      return defaultValue;
    }
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      warnMalformed(key, value, defaultValue);
      return defaultValue;
    }
  }

  /**
   * Returns a property parsed as a boolean. {@code true}, {@code yes}, {@code 1} and the empty
   * value given as a bare flag ({@code -Dkey}) mean true; {@code false}, {@code no} and {@code 0}
   * mean false; anything else gives the default.
   *
   * @param key the property name
   * @param defaultValue returned when the property is absent or malformed
   * @return the parsed value or the default
   */
  public static boolean getBoolean(String key, boolean defaultValue) {
    String raw = System.getProperty(key);
    if (raw == null) {
      return defaultValue;
    }
    String value = raw.strip().toLowerCase(Locale.ROOT);
    return switch (value) {
      case "", "true", "yes", "1" -> true;
      case "false", "no", "0" -> false;
      default -> {
        warnMalformed(key, raw, defaultValue);
        yield defaultValue;
      }
    };
  }

  /**
   * Returns a property parsed as a constant of {@code type}, ignoring case, or the default when it
   * is unset or names no constant.
   *
   * @param <E> the enum type
   * @param key the property name
   * @param type the enum class
   * @param defaultValue returned when the property is absent or malformed
   * @return the matching constant or the default
   */
  public static <E extends Enum<E>> E getEnum(String key, Class<E> type, E defaultValue) {
    String value = get(key, null);
    if (value == null) {
      return defaultValue;
    }
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(value)) {
        return constant;
      }
    }
    warnMalformed(key, value, defaultValue);
    return defaultValue;
  }

  private static void warnMalformed(String key, String value, Object defaultValue) {
    LOGGER.log(
        System.Logger.Level.WARNING,
        "Ignoring malformed system property {0}={1}; using {2}",
        key,
        value,
        defaultValue);
  }
}
