package io.tern.buffer.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SizeClassesTest {
  private final SizeClasses classes = new SizeClasses(8192, 4 << 20);

  @Test
  void defaultGeometryHas68ClassesOfWhich39AreSmall() {
    assertThat(classes.nSizes()).isEqualTo(68);
    assertThat(classes.nSmall()).isEqualTo(39);
    assertThat(classes.sizeIdx2size(0)).isEqualTo(16);
    assertThat(classes.sizeIdx2size(classes.nSmall() - 1)).isEqualTo(28 * 1024);
    assertThat(classes.sizeIdx2size(classes.nSmall())).isEqualTo(32 * 1024);
    assertThat(classes.sizeIdx2size(classes.nSizes() - 1)).isEqualTo(4 << 20);
  }

  @Test
  void powersOfTwoAreTheirOwnClassNeverDoubled() {
    for (int size = 16; size <= 4 << 20; size <<= 1) {
      assertThat(classes.normalizeSize(size)).as("size %d", size).isEqualTo(size);
    }
  }

  @Test
  void everySizeMapsToTheSmallestClassHoldingIt() {
    for (int size = 1; size <= 4 << 20; size += size < 70_000 ? 1 : 97) {
      int idx = classes.size2SizeIdx(size);
      assertThat(classes.sizeIdx2size(idx)).as("size %d", size).isGreaterThanOrEqualTo(size);
      if (idx > 0) {
        assertThat(classes.sizeIdx2size(idx - 1)).as("size %d", size).isLessThan(size);
      }
    }
    assertThat(classes.size2SizeIdx(0)).isZero();
  }

  @Test
  void classSizesRoundTripAndIncreaseWithBoundedWaste() {
    for (int i = 0; i < classes.nSizes(); i++) {
      int size = classes.sizeIdx2size(i);
      assertThat(classes.size2SizeIdx(size)).isEqualTo(i);
      if (i > 0) {
        int previous = classes.sizeIdx2size(i - 1);
        assertThat(size).isGreaterThan(previous);
        // Worst case waste: a request of previous + 1 bytes gets size bytes; past 64 bytes that
        // is under 20 % of the class.
        if (i >= 4) {
          assertThat((size - previous - 1) * 5L).isLessThan(size);
        }
      }
    }
  }

  @Test
  void hugeRequestsAreBeyondTheLastClassAndKeepTheirSize() {
    assertThat(classes.size2SizeIdx((4 << 20) + 1)).isEqualTo(classes.nSizes());
    assertThat(classes.normalizeSize((4 << 20) + 1)).isEqualTo((4 << 20) + 1);
  }

  @Test
  void normalClassesArePageMultiplesAndSmallOnesAreBelowFourPages() {
    for (int i = 0; i < classes.nSizes(); i++) {
      int size = classes.sizeIdx2size(i);
      if (classes.isSmall(i)) {
        assertThat(size).isLessThan(4 * 8192);
      } else {
        assertThat(size % 8192).isZero();
      }
    }
  }

  @Test
  void pageIndexesRoundUpToPageMultipleClasses() {
    for (int pages = 1; pages <= 512; pages++) {
      int idx = classes.pages2PageIdx(pages);
      assertThat(classes.pageIdx2size(idx)).isGreaterThanOrEqualTo(pages * 8192);
      if (idx > 0) {
        assertThat(classes.pageIdx2size(idx - 1)).isLessThan(pages * 8192);
      }
    }
    assertThat(classes.pageIdx2size(classes.nPageSizes() - 1)).isEqualTo(4 << 20);
  }

  @Test
  void otherGeometriesKeepTheInvariants() {
    SizeClasses small = new SizeClasses(4096, 64 * 1024);
    assertThat(small.sizeIdx2size(small.nSizes() - 1)).isEqualTo(64 * 1024);
    assertThat(small.sizeIdx2size(small.nSmall())).isEqualTo(16 * 1024);
    SizeClasses big = new SizeClasses(65536, 1 << 30);
    assertThat(big.normalizeSize(1 << 30)).isEqualTo(1 << 30);
    assertThat(big.normalizeSize((1 << 29) + 1)).isEqualTo((1 << 29) + (1 << 27));
  }

  @Test
  void rejectsBadGeometry() {
    assertThatThrownBy(() -> new SizeClasses(1000, 1 << 20))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new SizeClasses(8192, 4096))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new SizeClasses(4096, 1 << 30))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
