package io.tern.testsupport;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Exempts a test class or test method from {@link LeakDetectionExtension}'s audit: resources it
 * leaves open are forgotten instead of failing it. Meant for tests that leak on purpose to test the
 * leak detector, never to silence a real leak.
 *
 * <p>On a class it also covers the class's {@code @BeforeAll}/{@code @AfterAll} fixtures and its
 * {@code @Nested} classes.
 *
 * <h2>Threading</h2>
 *
 * <p>An annotation: read by the extension on whichever thread JUnit runs the test.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds nothing. What an exempted test leaves open stays open until the JVM exits.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface AllowLeaks {
  /**
   * Says why leaking is intended here.
   *
   * @return the reason, for readers of the test
   */
  String value() default "";
}
