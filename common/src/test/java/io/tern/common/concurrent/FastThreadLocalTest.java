package io.tern.common.concurrent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class FastThreadLocalTest {

  @Test
  void valuesArePerThreadOnFastAndPlainAndVirtualThreads() throws Exception {
    FastThreadLocal<String> local =
        new FastThreadLocal<>() {
          @Override
          protected String initialValue() {
            return Thread.currentThread().getName();
          }
        };
    AtomicReference<String> onFast = new AtomicReference<>();
    Thread fast = new FastThreadLocalThread(() -> onFast.set(local.get()), "fast");
    fast.start();
    fast.join();
    AtomicReference<String> onVirtual = new AtomicReference<>();
    Thread virtual = Thread.ofVirtual().name("virtual").start(() -> onVirtual.set(local.get()));
    virtual.join();
    assertThat(onFast.get()).isEqualTo("fast");
    assertThat(onVirtual.get()).isEqualTo("virtual");
    local.set("mine");
    assertThat(local.get()).isEqualTo("mine");
    local.remove();
    assertThat(local.isSet()).isFalse();
  }

  @Test
  void nullIsAStoredValue() {
    FastThreadLocal<String> local =
        new FastThreadLocal<>() {
          @Override
          protected String initialValue() {
            return "initial";
          }
        };
    local.set(null);
    assertThat(local.isSet()).isTrue();
    assertThat(local.get()).isNull();
    local.remove();
    assertThat(local.get()).isEqualTo("initial");
    local.remove();
  }

  @Test
  void removeAllRunsRemovalHooksAndClears() throws Exception {
    List<String> removed = new CopyOnWriteArrayList<>();
    FastThreadLocal<String> a = recording(removed);
    FastThreadLocal<String> b = recording(removed);
    Thread t =
        new FastThreadLocalThread(
            () -> {
              a.set("a");
              b.set("b");
              FastThreadLocal.removeAll();
              assertThat(a.isSet()).isFalse();
            },
            "t");
    t.start();
    t.join();
    assertThat(removed).containsExactlyInAnyOrder("a", "b");
  }

  @Test
  void fastThreadLocalThreadRemovesItsValuesWhenItEnds() throws Exception {
    List<String> removed = new CopyOnWriteArrayList<>();
    FastThreadLocal<String> a = recording(removed);
    Thread t = new FastThreadLocalThread(() -> a.set("left"), "t");
    t.start();
    t.join();
    assertThat(removed).containsExactly("left");
  }

  private static FastThreadLocal<String> recording(List<String> removed) {
    return new FastThreadLocal<>() {
      @Override
      protected void onRemoval(String value) {
        removed.add(value);
      }
    };
  }
}
