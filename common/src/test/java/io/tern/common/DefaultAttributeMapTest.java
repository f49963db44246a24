package io.tern.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class DefaultAttributeMapTest {

  @Test
  void returnsTheSameAttributeForTheSameKey() {
    DefaultAttributeMap map = new DefaultAttributeMap();
    AttributeKey<String> key = AttributeKey.valueOf("DefaultAttributeMapTest.same");
    Attribute<String> a = map.attr(key);
    a.set("x");
    assertThat(map.attr(key)).isSameAs(a);
    assertThat(map.attr(key).get()).isEqualTo("x");
    assertThat(map.hasAttr(key)).isTrue();
  }

  @Test
  void keysAreFoundWhateverTheInsertionOrder() {
    DefaultAttributeMap map = new DefaultAttributeMap();
    List<AttributeKey<Integer>> keys = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      keys.add(AttributeKey.valueOf("DefaultAttributeMapTest.order." + i));
    }
    for (int i = keys.size() - 1; i >= 0; i -= 2) {
      map.attr(keys.get(i)).set(i);
    }
    for (int i = 0; i < keys.size(); i += 2) {
      map.attr(keys.get(i)).set(i);
    }
    for (int i = 0; i < keys.size(); i++) {
      assertThat(map.attr(keys.get(i)).get()).isEqualTo(i);
    }
  }

  @Test
  void removedAttributeIsReplacedByAFreshOne() {
    DefaultAttributeMap map = new DefaultAttributeMap();
    AttributeKey<String> key = AttributeKey.valueOf("DefaultAttributeMapTest.remove");
    Attribute<String> a = map.attr(key);
    a.set("old");
    assertThat(a.getAndRemove()).isEqualTo("old");
    assertThat(map.hasAttr(key)).isFalse();
    Attribute<String> b = map.attr(key);
    assertThat(b).isNotSameAs(a);
    assertThat(b.get()).isNull();
    a.remove(); // removing the stale attribute again must not remove the new one
    assertThat(map.hasAttr(key)).isTrue();
  }

  @Test
  void atomicOperationsFollowTheirContracts() {
    Attribute<String> a =
        new DefaultAttributeMap().attr(AttributeKey.valueOf("DefaultAttributeMapTest.cas"));
    assertThat(a.setIfAbsent("first")).isNull();
    assertThat(a.setIfAbsent("second")).isEqualTo("first");
    assertThat(a.compareAndSet("other", "x")).isFalse();
    assertThat(a.compareAndSet("first", "x")).isTrue();
    assertThat(a.getAndSet("y")).isEqualTo("x");
    assertThat(a.get()).isEqualTo("y");
  }

  @Test
  void newInstanceRejectsANameInUse() {
    AttributeKey<Object> key = AttributeKey.newInstance("DefaultAttributeMapTest.unique");
    assertThat(AttributeKey.exists("DefaultAttributeMapTest.unique")).isTrue();
    assertThat(AttributeKey.<Object>valueOf("DefaultAttributeMapTest.unique")).isSameAs(key);
    assertThatThrownBy(() -> AttributeKey.newInstance("DefaultAttributeMapTest.unique"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void concurrentInsertionsKeepEveryAttribute() throws Exception {
    DefaultAttributeMap map = new DefaultAttributeMap();
    int threads = 4;
    int perThread = 200;
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int base = t * perThread;
      Thread w =
          Thread.ofPlatform()
              .start(
                  () -> {
                    try {
                      start.await();
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                      return;
                    }
                    for (int i = 0; i < perThread; i++) {
                      AttributeKey<Integer> key =
                          AttributeKey.valueOf("DefaultAttributeMapTest.concurrent." + (base + i));
                      map.attr(key).set(base + i);
                    }
                  });
      workers.add(w);
    }
    start.countDown();
    for (Thread w : workers) {
      assertThat(w.join(java.time.Duration.ofSeconds(30))).isTrue();
    }
    for (int i = 0; i < threads * perThread; i++) {
      AttributeKey<Integer> key = AttributeKey.valueOf("DefaultAttributeMapTest.concurrent." + i);
      assertThat(map.hasAttr(key)).isTrue();
      assertThat(map.attr(key).get()).isEqualTo(i);
    }
  }
}
