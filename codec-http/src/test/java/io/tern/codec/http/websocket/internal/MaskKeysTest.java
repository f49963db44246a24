package io.tern.codec.http.websocket.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MaskKeysTest {
  @Test
  void keysDoNotRepeatAcrossSeveralRefills() {
    // 5,000 keys span five refills; 32-bit random keys collide among them with probability ~0.3 %,
    // so a handful of repeats is chance and more means a refill repeated its keystream.
    Set<Integer> keys = new HashSet<>();
    for (int i = 0; i < 5_000; i++) {
      keys.add(MaskKeys.next());
    }
    assertThat(keys).hasSizeGreaterThan(4_990);
  }

  @Test
  void keysUseEveryBitPosition() {
    int ones = 0;
    int zeros = 0;
    for (int i = 0; i < 2_000; i++) {
      int k = MaskKeys.next();
      ones |= k;
      zeros |= ~k;
    }
    assertThat(ones).isEqualTo(-1);
    assertThat(zeros).isEqualTo(-1);
  }

  @Test
  void anotherThreadGetsOtherKeys() throws InterruptedException {
    Set<Integer> mine = new HashSet<>();
    for (int i = 0; i < 64; i++) {
      mine.add(MaskKeys.next());
    }
    AtomicInteger shared = new AtomicInteger();
    Thread other =
        new Thread(
            () -> {
              for (int i = 0; i < 64; i++) {
                if (mine.contains(MaskKeys.next())) {
                  shared.incrementAndGet();
                }
              }
            });
    other.start();
    other.join();
    assertThat(shared.get()).isLessThanOrEqualTo(1);
  }
}
