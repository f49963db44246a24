package io.tern.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.parallel.ResourceLock;

@ResourceLock("io.tern.common.leakDetection")
class ResourceLeakDetectorTest {
  /** A stand-in resource type. */
  static final class Resource {}

  private static final ResourceLeakDetector<Resource> DETECTOR =
      ResourceLeakDetector.newDetector(Resource.class);

  private ResourceLeakDetector.Level savedLevel;
  private boolean savedExact;
  private Object savedOwner;
  private String owner;

  @BeforeEach
  void setUp(TestInfo info) {
    savedLevel = ResourceLeakDetector.level();
    savedExact = LeakAudit.exact();
    owner = "ResourceLeakDetectorTest#" + info.getDisplayName();
    savedOwner = LeakAudit.swapOwner(owner);
  }

  @AfterEach
  void tearDown() {
    LeakAudit.drainOpenResources(owner);
    LeakAudit.swapOwner(savedOwner);
    ResourceLeakDetector.level(savedLevel);
    LeakAudit.exact(savedExact);
  }

  @Test
  void closedTrackerIsNotOpenAndClosesOnce() {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.PARANOID);
    Resource resource = new Resource();
    ResourceLeakTracker<Resource> tracker = DETECTOR.track(resource);
    assertThat(tracker).isNotNull();
    assertThat(LeakAudit.openResources(owner)).hasSize(1);

    assertThat(tracker.close(resource)).isTrue();
    assertThat(tracker.close(resource)).isFalse();
    assertThat(LeakAudit.openResources(owner)).isEmpty();
  }

  @Test
  void unreachableUnclosedResourceIsReportedToListeners() {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.PARANOID);
    List<LeakReport> reports = new CopyOnWriteArrayList<>();
    LeakListener listener =
        report -> {
          if (owner.equals(report.owner())) {
            reports.add(report);
          }
        };
    LeakAudit.addListener(listener);
    try {
      leakOne();
      for (int i = 0; i < 200 && reports.isEmpty(); i++) {
        System.gc();
        LeakAudit.pollCollected();
      }
    } finally {
      LeakAudit.removeListener(listener);
    }

    assertThat(reports).hasSize(1);
    LeakReport report = reports.get(0);
    assertThat(report.collected()).isTrue();
    assertThat(report.resourceType()).isEqualTo(Resource.class.getName());
    assertThat(report.records().get(0)).contains("Hint: parsed the header");
    assertThat(report.toString())
        .contains("LEAK: " + Resource.class.getName())
        .contains("was garbage-collected")
        .contains("Created at:")
        .contains("leakOne");
    assertThat(LeakAudit.openResources(owner)).isEmpty();
  }

  private static void leakOne() {
    ResourceLeakTracker<Resource> tracker = DETECTOR.track(new Resource());
    assertThat(tracker).isNotNull();
    tracker.record((ResourceLeakHint) () -> "parsed the header");
  }

  @Test
  void recordsAreBoundedByMaxRecordsAndNewestComesFirst() {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.PARANOID);
    Resource resource = new Resource();
    ResourceLeakTracker<Resource> tracker = DETECTOR.track(resource);
    for (int i = 0; i < 100; i++) {
      tracker.record("access " + i);
    }

    LeakReport report = LeakAudit.openResources(owner).get(0);
    // Four access records (the default maxRecords) plus the creation record.
    assertThat(report.records()).hasSize(5);
    assertThat(report.records().get(0)).contains("Hint: access 99");
    assertThat(report.records().get(4)).startsWith("Created at:");
    assertThat(report.discardedRecords()).isEqualTo(96);
    assertThat(report.toString()).contains("96 record(s) discarded");
    tracker.close(resource);
  }

  @Test
  void identicalRecordsAreListedOnce() {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.PARANOID);
    Resource resource = new Resource();
    ResourceLeakTracker<Resource> tracker = DETECTOR.track(resource);
    for (int i = 0; i < 3; i++) {
      tracker.record("same");
    }

    LeakReport report = LeakAudit.openResources(owner).get(0);
    assertThat(report.records()).hasSize(2);
    assertThat(report.duplicateRecords()).isEqualTo(2);
    tracker.close(resource);
  }

  @Test
  void simpleLevelKeepsOnlyTheCreationRecord() {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.SIMPLE);
    LeakAudit.exact(true);
    Resource resource = new Resource();
    ResourceLeakTracker<Resource> tracker = DETECTOR.track(resource);
    tracker.record("ignored at SIMPLE");

    LeakReport report = LeakAudit.openResources(owner).get(0);
    assertThat(report.accessRecorded()).isFalse();
    assertThat(report.records()).singleElement().asString().startsWith("Created at:");
    assertThat(report.toString()).contains("leakDetection.level=ADVANCED");
    tracker.close(resource);
  }

  @Test
  void disabledLevelTracksNothingEvenInExactMode() {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.DISABLED);
    LeakAudit.exact(true);
    assertThat(DETECTOR.track(new Resource())).isNull();
  }

  @Test
  void simpleLevelSamplesWithoutExactMode() {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.SIMPLE);
    LeakAudit.exact(false);
    List<Resource> resources = new ArrayList<>();
    List<ResourceLeakTracker<Resource>> trackers = new ArrayList<>();
    int untracked = 0;
    for (int i = 0; i < 20_000; i++) {
      Resource resource = new Resource();
      ResourceLeakTracker<Resource> tracker = DETECTOR.track(resource);
      if (tracker == null) {
        untracked++;
      } else {
        resources.add(resource);
        trackers.add(tracker);
      }
    }
    // One in 128 on average: about 156 of 20,000; the bounds are many standard deviations wide.
    assertThat(trackers).hasSizeBetween(40, 400);
    assertThat(untracked).isEqualTo(20_000 - trackers.size());
    for (int i = 0; i < trackers.size(); i++) {
      trackers.get(i).close(resources.get(i));
    }
  }

  @Test
  void exactModeListsEveryOpenTrackerUntilDrained() {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.SIMPLE);
    LeakAudit.exact(true);
    List<Resource> resources = new ArrayList<>();
    List<ResourceLeakTracker<Resource>> trackers = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      Resource resource = new Resource();
      resources.add(resource);
      trackers.add(DETECTOR.track(resource));
    }
    assertThat(trackers).doesNotContainNull();
    assertThat(LeakAudit.openResources(owner)).hasSize(10);

    for (int i = 0; i < 4; i++) {
      trackers.get(i).close(resources.get(i));
    }
    assertThat(LeakAudit.openResources(owner))
        .hasSize(6)
        .allSatisfy(r -> assertThat(r.collected()).isFalse());
    assertThat(LeakAudit.drainOpenResources(owner)).hasSize(6);
    assertThat(LeakAudit.openResources(owner)).isEmpty();
    assertThat(trackers.get(9).close(resources.get(9))).isFalse();
  }

  @Test
  void threadsStartedByAnOwnerInheritIt() throws InterruptedException {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.PARANOID);
    Resource resource = new Resource();
    List<ResourceLeakTracker<Resource>> tracked = new CopyOnWriteArrayList<>();
    Thread thread = new Thread(() -> tracked.add(DETECTOR.track(resource)));
    thread.start();
    thread.join();

    assertThat(LeakAudit.openResources(owner)).hasSize(1);
    tracked.get(0).close(resource);
    assertThat(LeakAudit.openResources(owner)).isEmpty();
  }

  @Test
  void referenceCountHintsDescribeThemselves() {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.PARANOID);
    Resource resource = new Resource();
    ResourceLeakTracker<Resource> tracker = DETECTOR.track(resource);
    tracker.record(ReferenceCountHint.RETAIN);
    tracker.record(ReferenceCountHint.RELEASE);

    LeakReport report = LeakAudit.openResources(owner).get(0);
    assertThat(report.records().get(0)).contains("Hint: release()");
    assertThat(report.records().get(1)).contains("Hint: retain()");
    tracker.close(resource);
  }
}
