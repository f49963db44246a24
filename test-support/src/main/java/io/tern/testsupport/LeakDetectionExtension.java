package io.tern.testsupport;

import io.tern.common.LeakAudit;
import io.tern.common.LeakReport;
import io.tern.common.ResourceLeakDetector;
import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails every test that leaks a resource tracked by a {@link ResourceLeakDetector}: leak detection
 * runs at {@code PARANOID} in exact mode (every resource tracked, no sampling, no dependence on the
 * garbage collector), and after each test and each test class the resources it left open are
 * listed, with their type and access records, in the failure message.
 *
 * <p>Registered automatically through {@code META-INF/services} when JUnit's extension
 * auto-detection is on ({@code junit.jupiter.extensions.autodetection.enabled=true}), as Tern's
 * build does; can also be registered with {@code @ExtendWith}. Opt out with {@link AllowLeaks}.
 *
 * <h2>Attribution, and classes running in parallel</h2>
 *
 * Every tracker is attributed to the owner its creating thread had (see {@link
 * LeakAudit#swapOwner(Object)}; threads inherit the owner of the thread that started them). This
 * extension sets the owner to the test class's unique id for {@code @BeforeAll} and {@code
 * AfterAll}, and to the test's unique id from before {@code @BeforeEach} to after {@code
 * AfterEach}, restoring the previous owner afterwards. So:
 *
 * <ul>
 *   <li>a resource created during a test and still open after its {@code @AfterEach} methods fails
 *       that test;
 *   <li>a resource created in {@code @BeforeAll}, or by a thread started there (an event loop,
 *       say), fails the class if still open after {@code @AfterAll};
 *   <li>classes running concurrently never see each other's resources.
 * </ul>
 *
 * <p>A tracked resource that the collector finds unreachable before the audit is reported through a
 * {@link io.tern.common.LeakListener} and fails its owner the same way. Resources created by
 * threads without an owner (shared pools started outside any test) are only logged.
 *
 * <h2>Threading</h2>
 *
 * <p>JUnit calls the callbacks; instances are stateless and thread-safe.
 *
 * <h2>Ownership</h2>
 *
 * <p>Holds no reference-counted objects: it audits what tests created and never releases anything
 * itself, so a leak stays visible in the report.
 */
public final class LeakDetectionExtension
    implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

  /** Owner of trackers created while a test class or test runs. */
  private record TestOwner(String uniqueId, String displayName) {
    @Override
    public String toString() {
      return displayName;
    }
  }

  /** Leaks the collector found, by owner, until that owner is audited. */
  private static final Map<TestOwner, Queue<LeakReport>> COLLECTED = new ConcurrentHashMap<>();

  static {
    ResourceLeakDetector.level(ResourceLeakDetector.Level.PARANOID);
    LeakAudit.exact(true);
    LeakAudit.addListener(
        report -> {
          if (report.owner() instanceof TestOwner owner) {
            COLLECTED.computeIfAbsent(owner, k -> new ConcurrentLinkedQueue<>()).add(report);
          }
        });
  }

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(LeakDetectionExtension.class);

  /** Creates the extension; JUnit does this. */
  public LeakDetectionExtension() {}

  @Override
  public void beforeAll(ExtensionContext context) {
    enter(context, context.getRequiredTestClass().getName());
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    enter(
        context,
        context.getRequiredTestClass().getName()
            + '#'
            + context.getRequiredTestMethod().getName()
            + " ["
            + context.getDisplayName()
            + ']');
  }

  @Override
  public void afterEach(ExtensionContext context) {
    audit(context, "Test ");
  }

  @Override
  public void afterAll(ExtensionContext context) {
    audit(context, "Test class ");
  }

  private static void enter(ExtensionContext context, String displayName) {
    TestOwner owner = new TestOwner(context.getUniqueId(), displayName);
    Object previous = LeakAudit.swapOwner(owner);
    ExtensionContext.Store store = context.getStore(NAMESPACE);
    store.put("owner", owner);
    store.put("previous", Optional.ofNullable(previous));
  }

  private static void audit(ExtensionContext context, String what) {
    ExtensionContext.Store store = context.getStore(NAMESPACE);
    TestOwner owner = store.get("owner", TestOwner.class);
    if (owner == null) {
      return;
    }
    Optional<?> previous = store.get("previous", Optional.class);
    LeakAudit.swapOwner(previous == null ? null : previous.orElse(null));

    LeakAudit.pollCollected();
    List<LeakReport> leaks = new ArrayList<>(LeakAudit.drainOpenResources(owner));
    Queue<LeakReport> collected = COLLECTED.remove(owner);
    if (collected != null) {
      leaks.addAll(collected);
    }
    if (leaks.isEmpty() || allowsLeaks(context)) {
      return;
    }
    StringBuilder message = new StringBuilder(4096);
    message.append(what).append(owner.displayName()).append(" leaked ");
    message.append(leaks.size()).append(" resource(s):\n");
    for (LeakReport leak : leaks) {
      message.append(leak).append('\n');
    }
    throw new AssertionError(message.toString());
  }

  private static boolean allowsLeaks(ExtensionContext context) {
    for (Optional<ExtensionContext> c = Optional.of(context);
        c.isPresent();
        c = c.get().getParent()) {
      Optional<AnnotatedElement> element = c.get().getElement();
      if (element.isPresent() && element.get().isAnnotationPresent(AllowLeaks.class)) {
        return true;
      }
    }
    return false;
  }
}
