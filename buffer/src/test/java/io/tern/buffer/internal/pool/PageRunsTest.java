package io.tern.buffer.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PageRunsTest {
  @Test
  void allocatesFromTheFrontAndSplitsTheRemainder() {
    PageRuns runs = new PageRuns(512);
    assertThat(runs.allocate(3)).isZero();
    assertThat(runs.allocate(5)).isEqualTo(3);
    assertThat(runs.freePages()).isEqualTo(504);
    assertThat(runs.longestFreeRun()).isEqualTo(504);
  }

  @Test
  void picksTheSmallestFreeRunThatFits() {
    PageRuns runs = new PageRuns(64);
    int a = runs.allocate(4);
    runs.allocate(1);
    int b = runs.allocate(2);
    runs.allocate(1);
    int c = runs.allocate(8);
    runs.allocate(1);
    runs.free(a, 4);
    runs.free(b, 2);
    runs.free(c, 8);
    // Free runs now of 4, 2, 8 pages (plus the tail): a 2-page request takes the 2-page hole,
    // a 3-page one the 4-page hole, a 5-page one the 8-page hole.
    assertThat(runs.allocate(2)).isEqualTo(b);
    assertThat(runs.allocate(3)).isEqualTo(a);
    assertThat(runs.allocate(5)).isEqualTo(c);
  }

  @Test
  void releasedRunsCoalesceWithBothNeighbours() {
    PageRuns runs = new PageRuns(16);
    int a = runs.allocate(4);
    int b = runs.allocate(4);
    int c = runs.allocate(4);
    int d = runs.allocate(4);
    assertThat(runs.allocate(1)).isEqualTo(-1);
    runs.free(a, 4);
    runs.free(c, 4);
    assertThat(runs.freeRunCount()).isEqualTo(2);
    runs.free(b, 4);
    assertThat(runs.freeRunCount()).isEqualTo(1);
    assertThat(runs.longestFreeRun()).isEqualTo(12);
    runs.free(d, 4);
    assertThat(runs.longestFreeRun()).isEqualTo(16);
    assertThat(runs.allocate(16)).isZero();
  }

  @Test
  void doubleAndMismatchedFreesAreDetected() {
    PageRuns runs = new PageRuns(16);
    int a = runs.allocate(4);
    assertThatThrownBy(() -> runs.free(a, 3)).isInstanceOf(IllegalStateException.class);
    runs.free(a, 4);
    assertThatThrownBy(() -> runs.free(a, 4)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void randomWorkloadMatchesAPageModel() {
    int pages = 512;
    PageRuns runs = new PageRuns(pages);
    boolean[] used = new boolean[pages];
    List<int[]> live = new ArrayList<>();
    Random random = new Random(42);
    for (int step = 0; step < 50_000; step++) {
      if (live.isEmpty() || random.nextInt(100) < 55) {
        int n = 1 + random.nextInt(random.nextBoolean() ? 4 : 64);
        int start = runs.allocate(n);
        int longestModel = longestFree(used);
        if (start < 0) {
          assertThat(longestModel).isLessThan(n);
          continue;
        }
        for (int p = start; p < start + n; p++) {
          assertThat(used[p]).isFalse();
          used[p] = true;
        }
        live.add(new int[] {start, n});
      } else {
        int[] run = live.remove(random.nextInt(live.size()));
        runs.free(run[0], run[1]);
        for (int p = run[0]; p < run[0] + run[1]; p++) {
          used[p] = false;
        }
      }
      int free = 0;
      for (boolean u : used) {
        free += u ? 0 : 1;
      }
      assertThat(runs.freePages()).isEqualTo(free);
      assertThat(runs.longestFreeRun()).isEqualTo(longestFree(used));
    }
    for (int[] run : live) {
      runs.free(run[0], run[1]);
    }
    assertThat(runs.freeRunCount()).isEqualTo(1);
    assertThat(runs.longestFreeRun()).isEqualTo(pages);
  }

  private static int longestFree(boolean[] used) {
    int best = 0;
    int current = 0;
    for (boolean u : used) {
      current = u ? 0 : current + 1;
      best = Math.max(best, current);
    }
    return best;
  }
}
