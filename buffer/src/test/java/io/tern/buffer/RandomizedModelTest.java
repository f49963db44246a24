package io.tern.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Drives every buffer kind and a reference model ({@code byte[]} plus two indexes) with the same
 * random operations and compares them after each. The seed is fixed per kind and printed on
 * failure.
 */
class RandomizedModelTest extends BufferTestSupport {
  private static final int CAPACITY = 96;
  private static final int OPERATIONS = 3_000;
  private static final int[] WIDTHS = {1, 2, 3, 4, 8};

  @ParameterizedTest
  @MethodSource("io.tern.buffer.BufferKind#all")
  void behavesLikeTheReferenceModel(BufferKind kind) {
    long seed = 0x7e57_0000L + kind.name().hashCode();
    try {
      run(kind, seed);
    } catch (AssertionError | RuntimeException e) {
      throw new AssertionError("kind " + kind + ", seed " + seed + ": " + e.getMessage(), e);
    }
  }

  private void run(BufferKind kind, long seed) {
    Random random = new Random(seed);
    byte[] model = bytes(CAPACITY, seed);
    ByteBuf buf = make(kind, model.clone());
    final int cap = CAPACITY;
    int r = 0;
    int w = cap;
    for (int op = 0; op < OPERATIONS; op++) {
      int width = WIDTHS[random.nextInt(WIDTHS.length)];
      boolean le = random.nextBoolean();
      int choice = random.nextInt(kind.writable() ? 10 : 6);
      switch (choice) {
        case 0 -> {
          int i = random.nextInt(cap - width + 1);
          assertThat(get(buf, i, width, le))
              .as("op %d get%d@%d", op, width, i)
              .isEqualTo(value(model, i, width, le));
        }
        case 1 -> {
          if (w - r >= width) {
            assertThat(read(buf, width, le))
                .as("op %d read%d", op, width)
                .isEqualTo(value(model, r, width, le));
            r += width;
          }
        }
        case 2 -> {
          int from = random.nextInt(cap + 1);
          int length = random.nextInt(cap - from + 1);
          byte[] out = new byte[length];
          buf.getBytes(from, out);
          assertThat(out)
              .as("op %d getBytes", op)
              .isEqualTo(Arrays.copyOfRange(model, from, from + length));
        }
        case 3 -> {
          int a = random.nextInt(w + 1);
          int b = a + random.nextInt(w - a + 1);
          r = Math.min(a, b);
          buf.setIndex(r, w);
        }
        case 4 -> {
          byte target = model[random.nextInt(cap)];
          int from = random.nextInt(cap + 1);
          int to = random.nextInt(cap + 1);
          assertThat(buf.indexOf(from, to, target))
              .as("op %d indexOf", op)
              .isEqualTo(indexOf(model, from, to, target));
        }
        case 5 -> {
          ByteBuf expected = own(Unpooled.wrappedBuffer(model, r, w - r));
          assertThat(buf).as("op %d equals", op).isEqualTo(expected);
          assertThat(buf.hashCode()).isEqualTo(expected.hashCode());
        }
        case 6 -> {
          int i = random.nextInt(cap - width + 1);
          long v = random.nextLong();
          set(buf, i, width, le, v);
          put(model, i, width, le, v);
        }
        case 7 -> {
          if (cap - w >= width) {
            long v = random.nextLong();
            write(buf, width, le, v);
            put(model, w, width, le, v);
            w += width;
          } else {
            w = r + random.nextInt(cap - r + 1);
            buf.writerIndex(w);
          }
        }
        case 8 -> {
          int from = random.nextInt(cap + 1);
          int length = random.nextInt(cap - from + 1);
          byte[] src = bytes(length, random.nextLong());
          buf.setBytes(from, src);
          System.arraycopy(src, 0, model, from, length);
        }
        default -> {
          buf.discardReadBytes();
          boolean dropsInsteadOfMoving = buf instanceof CompositeByteBuf;
          System.arraycopy(model, r, model, 0, (dropsInsteadOfMoving ? cap : w) - r);
          w -= r;
          r = 0;
          // A composite drops read bytes instead of moving them, so its capacity shrinks.
          // Grow it back; the new component is zeroed.
          if (buf.capacity() < CAPACITY) {
            Arrays.fill(model, buf.capacity(), CAPACITY, (byte) 0);
            buf.capacity(CAPACITY);
          }
        }
      }
      assertThat(buf.readerIndex()).as("op %d readerIndex", op).isEqualTo(r);
      assertThat(buf.writerIndex()).as("op %d writerIndex", op).isEqualTo(w);
    }
    byte[] all = new byte[cap];
    buf.getBytes(0, all);
    // discardReadBytes leaves unspecified bytes after the readable ones; compare what is defined.
    assertThat(Arrays.copyOf(all, w)).isEqualTo(Arrays.copyOf(model, w));
  }

  private static long get(ByteBuf buf, int i, int width, boolean le) {
    return switch (width) {
      case 1 -> buf.getByte(i);
      case 2 -> le ? buf.getShortLE(i) : buf.getShort(i);
      case 3 -> le ? buf.getMediumLE(i) : buf.getMedium(i);
      case 4 -> le ? buf.getIntLE(i) : buf.getInt(i);
      default -> le ? buf.getLongLE(i) : buf.getLong(i);
    };
  }

  private static long read(ByteBuf buf, int width, boolean le) {
    return switch (width) {
      case 1 -> buf.readByte();
      case 2 -> le ? buf.readShortLE() : buf.readShort();
      case 3 -> le ? buf.readMediumLE() : buf.readMedium();
      case 4 -> le ? buf.readIntLE() : buf.readInt();
      default -> le ? buf.readLongLE() : buf.readLong();
    };
  }

  private static void set(ByteBuf buf, int i, int width, boolean le, long v) {
    switch (width) {
      case 1 -> buf.setByte(i, (int) v);
      case 2 -> {
        if (le) {
          buf.setShortLE(i, (int) v);
        } else {
          buf.setShort(i, (int) v);
        }
      }
      case 3 -> {
        if (le) {
          buf.setMediumLE(i, (int) v);
        } else {
          buf.setMedium(i, (int) v);
        }
      }
      case 4 -> {
        if (le) {
          buf.setIntLE(i, (int) v);
        } else {
          buf.setInt(i, (int) v);
        }
      }
      default -> {
        if (le) {
          buf.setLongLE(i, v);
        } else {
          buf.setLong(i, v);
        }
      }
    }
  }

  private static void write(ByteBuf buf, int width, boolean le, long v) {
    switch (width) {
      case 1 -> buf.writeByte((int) v);
      case 2 -> {
        if (le) {
          buf.writeShortLE((int) v);
        } else {
          buf.writeShort((int) v);
        }
      }
      case 3 -> {
        if (le) {
          buf.writeMediumLE((int) v);
        } else {
          buf.writeMedium((int) v);
        }
      }
      case 4 -> {
        if (le) {
          buf.writeIntLE((int) v);
        } else {
          buf.writeInt((int) v);
        }
      }
      default -> {
        if (le) {
          buf.writeLongLE(v);
        } else {
          buf.writeLong(v);
        }
      }
    }
  }

  /** The model's value: sign-extended like the buffer's signed getters. */
  private static long value(byte[] model, int i, int width, boolean le) {
    long v = 0;
    for (int k = 0; k < width; k++) {
      int b = model[le ? i + width - 1 - k : i + k] & 0xff;
      v = (v << 8) | b;
    }
    int shift = 64 - 8 * width;
    return (v << shift) >> shift;
  }

  private static void put(byte[] model, int i, int width, boolean le, long v) {
    ByteBuffer bb = ByteBuffer.allocate(8).order(ByteOrder.BIG_ENDIAN).putLong(0, v);
    for (int k = 0; k < width; k++) {
      byte b = bb.get(8 - width + k);
      model[le ? i + width - 1 - k : i + k] = b;
    }
  }

  private static int indexOf(byte[] model, int from, int to, byte value) {
    if (from <= to) {
      for (int i = Math.max(from, 0); i < Math.min(to, model.length); i++) {
        if (model[i] == value) {
          return i;
        }
      }
    } else {
      for (int i = Math.min(from, model.length) - 1; i >= Math.max(to, 0); i--) {
        if (model[i] == value) {
          return i;
        }
      }
    }
    return -1;
  }
}
