package io.tern.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SystemPropertiesTest {
  private static final String KEY = "io.tern.common.test." + System.nanoTime();

  @AfterEach
  void clear() {
    System.clearProperty(KEY);
  }

  @Test
  void absentPropertyGivesDefault() {
    assertThat(SystemProperties.get(KEY, "d")).isEqualTo("d");
    assertThat(SystemProperties.getInt(KEY, 7)).isEqualTo(7);
    assertThat(SystemProperties.getLong(KEY, 9L)).isEqualTo(9L);
    assertThat(SystemProperties.getBoolean(KEY, true)).isTrue();
  }

  @Test
  void valuesAreTrimmedAndParsed() {
    System.setProperty(KEY, " 42 ");
    assertThat(SystemProperties.get(KEY, "d")).isEqualTo("42");
    assertThat(SystemProperties.getInt(KEY, 0)).isEqualTo(42);
    assertThat(SystemProperties.getLong(KEY, 0L)).isEqualTo(42L);
  }

  @Test
  void malformedNumberFallsBackToDefault() {
    System.setProperty(KEY, "forty-two");
    assertThat(SystemProperties.getInt(KEY, 3)).isEqualTo(3);
    assertThat(SystemProperties.getLong(KEY, 4L)).isEqualTo(4L);
  }

  @Test
  void booleanSpellings() {
    System.setProperty(KEY, "");
    assertThat(SystemProperties.getBoolean(KEY, false)).isTrue();
    System.setProperty(KEY, "No");
    assertThat(SystemProperties.getBoolean(KEY, true)).isFalse();
    System.setProperty(KEY, "maybe");
    assertThat(SystemProperties.getBoolean(KEY, true)).isTrue();
  }

  @Test
  void enumsMatchIgnoringCase() {
    System.setProperty(KEY, "seconds");
    assertThat(SystemProperties.getEnum(KEY, TimeUnit.class, TimeUnit.DAYS))
        .isEqualTo(TimeUnit.SECONDS);
    System.setProperty(KEY, "fortnights");
    assertThat(SystemProperties.getEnum(KEY, TimeUnit.class, TimeUnit.DAYS))
        .isEqualTo(TimeUnit.DAYS);
  }
}
