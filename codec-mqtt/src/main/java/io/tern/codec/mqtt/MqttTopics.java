package io.tern.codec.mqtt;

/**
 * Topic names, topic filters and shared subscriptions: validity and matching, without allocating.
 *
 * <p>A topic name has no wildcards. A filter's {@code +} stands for exactly one level and must fill
 * its level; {@code #} stands for any number of trailing levels (zero included) and must be the
 * last level. A filter starting with a wildcard does not match a topic starting with {@code $}
 * ({@code $SYS/...} stays out of {@code #}). {@code $share/NAME/FILTER} is a shared subscription:
 * NAME is non-empty without {@code /}, {@code +} or {@code #}, FILTER a valid filter.
 *
 * <h2>Threading</h2>
 *
 * Pure functions; any thread.
 *
 * <h2>Ownership</h2>
 *
 * Holds no reference-counted objects.
 */
public final class MqttTopics {
  private static final String SHARE_PREFIX = "$share/";

  private MqttTopics() {}

  /**
   * Tells whether a string is a valid topic name for PUBLISH: non-empty, no wildcard.
   *
   * @param topic the topic
   * @return {@code true} if valid
   */
  public static boolean isValidTopicName(String topic) {
    if (topic.isEmpty()) {
      return false;
    }
    for (int i = 0, n = topic.length(); i < n; i++) {
      char c = topic.charAt(i);
      if (c == '+' || c == '#' || c == 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Tells whether a string is a valid topic filter (a shared subscription included).
   *
   * @param filter the filter
   * @return {@code true} if valid
   */
  public static boolean isValidTopicFilter(String filter) {
    if (isShared(filter)) {
      int slash = filter.indexOf('/', SHARE_PREFIX.length());
      if (slash <= SHARE_PREFIX.length()) {
        return false;
      }
      for (int i = SHARE_PREFIX.length(); i < slash; i++) {
        char c = filter.charAt(i);
        if (c == '+' || c == '#') {
          return false;
        }
      }
      return isValidFilter(filter, slash + 1);
    }
    return isValidFilter(filter, 0);
  }

  private static boolean isValidFilter(String filter, int from) {
    int n = filter.length();
    if (from >= n) {
      return false;
    }
    for (int i = from; i < n; i++) {
      char c = filter.charAt(i);
      if (c == 0) {
        return false;
      }
      if (c == '+' || c == '#') {
        boolean levelStart = i == from || filter.charAt(i - 1) == '/';
        boolean levelEnd = i + 1 == n || filter.charAt(i + 1) == '/';
        if (!levelStart || !levelEnd || (c == '#' && i + 1 != n)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Tells whether a filter is a shared subscription ({@code $share/...}).
   *
   * @param filter the filter
   * @return {@code true} if it starts with {@code $share/}
   */
  public static boolean isShared(String filter) {
    return filter.startsWith(SHARE_PREFIX);
  }

  /**
   * Returns the share name of a shared subscription.
   *
   * @param filter a valid shared subscription
   * @return the NAME of {@code $share/NAME/FILTER}
   */
  public static String shareName(String filter) {
    return filter.substring(SHARE_PREFIX.length(), filter.indexOf('/', SHARE_PREFIX.length()));
  }

  /**
   * Returns the filter of a shared subscription.
   *
   * @param filter a valid shared subscription
   * @return the FILTER of {@code $share/NAME/FILTER}
   */
  public static String sharedFilter(String filter) {
    return filter.substring(filter.indexOf('/', SHARE_PREFIX.length()) + 1);
  }

  /**
   * Tells whether a filter holds a wildcard.
   *
   * @param filter the filter
   * @return {@code true} if it holds {@code +} or {@code #}
   */
  public static boolean hasWildcard(String filter) {
    return filter.indexOf('+') >= 0 || filter.indexOf('#') >= 0;
  }

  /**
   * Tells whether a valid (non-shared) filter matches a topic name.
   *
   * @param filter the filter
   * @param topic the topic name
   * @return {@code true} if it matches
   */
  public static boolean matches(String filter, String topic) {
    int fn = filter.length();
    int tn = topic.length();
    if (tn > 0 && topic.charAt(0) == '$' && fn > 0) {
      char f0 = filter.charAt(0);
      if (f0 == '+' || f0 == '#') {
        return false;
      }
    }
    int f = 0;
    int t = 0;
    while (f < fn) {
      char c = filter.charAt(f);
      if (c == '#') {
        return true;
      }
      if (c == '+') {
        while (t < tn && topic.charAt(t) != '/') {
          t++;
        }
        f++;
      } else {
        // Compare this level literally.
        while (f < fn && filter.charAt(f) != '/') {
          if (t >= tn || topic.charAt(t) != filter.charAt(f)) {
            return false;
          }
          f++;
          t++;
        }
        if (t < tn && topic.charAt(t) != '/') {
          return false;
        }
      }
      // Both at a level end.
      if (f >= fn) {
        return t >= tn;
      }
      // filter has '/': topic must too, or the rest of the filter must be "/#".
      if (t >= tn) {
        return f + 2 == fn && filter.charAt(f + 1) == '#';
      }
      f++;
      t++;
    }
    return t >= tn;
  }
}
