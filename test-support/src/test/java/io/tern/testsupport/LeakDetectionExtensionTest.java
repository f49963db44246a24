package io.tern.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.tern.common.LeakAudit;
import io.tern.common.ResourceLeakDetector;
import io.tern.common.ResourceLeakTracker;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

class LeakDetectionExtensionTest {

  /** A reference-counted stand-in: tracked on creation, closes its tracker on release. */
  static final class Counted {
    private static final ResourceLeakDetector<Counted> DETECTOR =
        ResourceLeakDetector.newDetector(Counted.class);
    private final ResourceLeakTracker<Counted> tracker = DETECTOR.track(this);

    Counted touch(String hint) {
      tracker.record(hint);
      return this;
    }

    void release() {
      tracker.close(this);
    }
  }

  private static EngineExecutionResults run(Class<?> testClass) {
    return EngineTestKit.engine("junit-jupiter")
        .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
        .selectors(selectClass(testClass))
        .execute();
  }

  private static String failureMessage(Events events) {
    Event failed = events.failed().list().get(0);
    return failed
        .getPayload(org.junit.platform.engine.TestExecutionResult.class)
        .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
        .map(Throwable::getMessage)
        .orElse("");
  }

  @Test
  void testThatLeaksFails() {
    Events tests = run(LeakingTest.class).testEvents();

    assertThat(tests.succeeded().count()).isEqualTo(1);
    assertThat(tests.failed().count()).isEqualTo(1);
    assertThat(failureMessage(tests))
        .contains("leaksOne")
        .contains("leaked 1 resource(s)")
        .contains(Counted.class.getName())
        .contains("Hint: decoded the header")
        .contains("Created at:");
  }

  @Test
  void testMarkedAllowLeaksPasses() {
    EngineExecutionResults results = run(AllowedLeakTest.class);

    assertThat(results.testEvents().failed().count()).isZero();
    assertThat(results.testEvents().succeeded().count()).isEqualTo(2);
    assertThat(results.containerEvents().failed().count()).isZero();
  }

  @Test
  void classFixtureReleasedInAfterAllPasses() {
    EngineExecutionResults results = run(FixtureTest.class);

    assertThat(results.testEvents().failed().count()).isZero();
    assertThat(results.containerEvents().failed().count()).isZero();
  }

  @Test
  void classFixtureNeverReleasedFailsTheClass() {
    EngineExecutionResults results = run(LeakingFixtureTest.class);

    assertThat(results.testEvents().failed().count()).isZero();
    Events containers = results.containerEvents();
    assertThat(containers.failed().count()).isEqualTo(1);
    assertThat(failureMessage(containers))
        .contains("Test class " + LeakingFixtureTest.class.getName())
        .contains(Counted.class.getName());
  }

  @Test
  void leakFoundByTheCollectorFailsTheTest() {
    Events tests = run(CollectedLeakTest.class).testEvents();

    assertThat(tests.failed().count()).isEqualTo(1);
    assertThat(failureMessage(tests)).contains("was garbage-collected without being released");
  }

  @Test
  void leaksOfOneRunDoNotFailTheEnclosingTest() {
    run(LeakingTest.class);

    assertThat(LeakAudit.openResources(LeakAudit.owner())).isEmpty();
  }

  // The classes below are run by the tests above through EngineTestKit, not directly: surefire
  // skips nested classes.

  static class LeakingTest {
    @Test
    void leaksOne() {
      new Counted().touch("decoded the header");
    }

    @Test
    void releasesOne() {
      new Counted().touch("decoded the header").release();
    }
  }

  @AllowLeaks("exercises the extension")
  static class AllowedLeakTest {
    @Test
    void leaksOne() {
      new Counted();
    }

    @Test
    void leaksAnother() {
      new Counted();
    }
  }

  static class FixtureTest {
    static Counted fixture;

    @BeforeAll
    static void allocate() {
      fixture = new Counted();
    }

    @AfterAll
    static void release() {
      fixture.release();
    }

    @Test
    void usesTheFixture() {
      fixture.touch("used");
    }
  }

  static class LeakingFixtureTest {
    static Counted fixture;

    @BeforeAll
    static void allocate() {
      fixture = new Counted();
    }

    @Test
    void usesTheFixture() {
      fixture.touch("used");
    }
  }

  static class CollectedLeakTest {
    @Test
    void dropsOne() {
      leak();
      Object owner = LeakAudit.owner();
      for (int i = 0; i < 200 && !LeakAudit.openResources(owner).isEmpty(); i++) {
        System.gc();
        LeakAudit.pollCollected();
      }
      List<?> open = LeakAudit.openResources(owner);
      assertThat(open).isEmpty();
    }

    private static void leak() {
      new Counted().touch("dropped");
    }
  }
}
