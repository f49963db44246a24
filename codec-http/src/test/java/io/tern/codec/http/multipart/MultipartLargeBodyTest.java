package io.tern.codec.http.multipart;

import static io.tern.codec.http.multipart.MultipartBodies.BOUNDARY;
import static io.tern.codec.http.multipart.MultipartBodies.bytes;
import static io.tern.codec.http.multipart.MultipartBodies.close;
import static io.tern.codec.http.multipart.MultipartBodies.multipartRequest;
import static io.tern.codec.http.multipart.MultipartBodies.offerPiece;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufAllocator;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.UnpooledByteBufAllocator;
import io.tern.common.IllegalReferenceCountException;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bodies longer than the decoder's window (64 KiB): a part's body is moved into its field in runs
 * while later bytes are compacted and the window is reused, so these check that every byte lands
 * once and in order, that completed fields never change, and that the delimiter search (which skips
 * windows) finds exactly the real delimiters.
 */
class MultipartLargeBodyTest {
  private static final byte[] PATTERN = bytes("\n--" + BOUNDARY);

  @Test
  void largeFilesArriveIntactWhateverTheStorageAndChunking(@TempDir Path dir) throws Exception {
    Random random = new Random(1);
    byte[] big = content(random, 300_000, false);
    byte[] body = body(List.of("first", "big", "after"), List.of(bytes("value"), big, bytes("t")));
    List<HttpDataFactory> factories =
        List.of(
            HttpDataFactory.builder().storage(HttpDataFactory.Storage.MEMORY).build(),
            HttpDataFactory.builder().threshold(100_000).directory(dir).build(),
            HttpDataFactory.builder().storage(HttpDataFactory.Storage.DISK).directory(dir).build());
    for (HttpDataFactory factory : factories) {
      for (int maxPiece : new int[] {7, 8192, 20_000, 200_000}) {
        HttpPostRequestDecoder d =
            HttpPostRequestDecoder.builder(factory).maxFileSize(1 << 20).build(multipartRequest());
        try {
          offerRandomly(d, body, random, maxPiece);
          assertThat(d.bodyHttpData("first").string()).isEqualTo("value");
          assertThat(d.bodyHttpData("big").bytes()).isEqualTo(big);
          assertThat(d.bodyHttpData("big").length()).isEqualTo(big.length);
          assertThat(d.bodyHttpData("after").string()).isEqualTo("t");
        } finally {
          d.destroy();
        }
      }
    }
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void laterBytesNeverChangeACompletedField() throws Exception {
    Random random = new Random(2);
    byte[] first = content(random, 5000, false);
    byte[] second = content(random, 400_000, false);
    byte[] body = body(List.of("a", "b"), List.of(first, second));
    HttpPostRequestDecoder d =
        HttpPostRequestDecoder.builder(HttpDataFactory.builder().threshold(1 << 20).build())
            .maxFileSize(1 << 20)
            .build(multipartRequest());
    try {
      // The second delimiter (the first one follows the preamble) ends "a"; add its CRLF.
      int firstEnd = indexOf(body, PATTERN, indexOf(body, PATTERN, 0) + 1) + PATTERN.length + 2;
      offerPiece(d, Arrays.copyOfRange(body, 0, firstEnd), false);
      HttpData a = d.next();
      assertThat(a.bytes()).isEqualTo(first);
      // The rest fills, flushes, compacts and regrows the window many times over.
      for (int i = firstEnd; i < body.length; i += 3001) {
        int to = Math.min(body.length, i + 3001);
        offerPiece(d, Arrays.copyOfRange(body, i, to), to == body.length);
        assertThat(a.bytes()).isEqualTo(first);
      }
      assertThat(d.next().bytes()).isEqualTo(second);
    } finally {
      d.destroy();
    }
  }

  @Test
  void findsExactlyTheRealDelimitersInAdversarialContent() throws Exception {
    // Contents made of CR, LF, dashes and boundary prefixes: near-delimiters everywhere, so both
    // the window skips and the LF comparisons are exercised at every alignment.
    Random random = new Random(3);
    HttpDataFactory memory =
        HttpDataFactory.builder().storage(HttpDataFactory.Storage.MEMORY).build();
    for (int round = 0; round < 300; round++) {
      int parts = 1 + random.nextInt(4);
      List<String> names = new ArrayList<>();
      List<byte[]> values = new ArrayList<>();
      for (int p = 0; p < parts; p++) {
        names.add("f" + p);
        values.add(content(random, round % 50 == 0 ? 70_000 : random.nextInt(600), true));
      }
      byte[] body = body(names, values);
      HttpPostRequestDecoder d =
          HttpPostRequestDecoder.builder(memory).maxFieldSize(1 << 20).build(multipartRequest());
      try {
        offerRandomly(d, body, random, 1 + random.nextInt(round % 2 == 0 ? 50 : 5000));
        List<HttpData> fields = d.bodyHttpDatas();
        assertThat(fields).extracting(HttpData::name).containsExactlyElementsOf(names);
        for (int p = 0; p < parts; p++) {
          assertThat(fields.get(p).bytes())
              .as("round %d part %d", round, p)
              .isEqualTo(values.get(p));
        }
      } finally {
        d.destroy();
      }
    }
  }

  @Test
  void rejectsAnOversizedFileBeforeItsDelimiterArrives() {
    HttpPostRequestDecoder d =
        HttpPostRequestDecoder.builder(HttpDataFactory.defaultFactory())
            .maxFileSize(1000)
            .build(multipartRequest());
    try {
      byte[] head =
          bytes(
              "--"
                  + BOUNDARY
                  + "\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f.bin\"\r\n\r\n");
      offerPiece(d, head, false);
      byte[] data = new byte[5000];
      assertThatThrownBy(() -> offerPiece(d, data, false))
          .isInstanceOfSatisfying(
              HttpPostLimitException.class,
              e -> assertThat(e.limit()).isEqualTo(HttpPostLimitException.Limit.FILE_SIZE));
    } finally {
      d.destroy();
    }
  }

  @Test
  void anInMemoryFieldStoredInRunsReadsRenamesAndReleasesWhole(@TempDir Path dir) throws Exception {
    Random random = new Random(4);
    byte[] big = content(random, 250_000, false);
    byte[] body = body(List.of("big", "small"), List.of(big, bytes("x")));
    HttpPostRequestDecoder d =
        HttpPostRequestDecoder.builder(
                HttpDataFactory.builder().storage(HttpDataFactory.Storage.MEMORY).build())
            .maxFileSize(1 << 20)
            .build(multipartRequest());
    List<HttpData> fields;
    try {
      offerRandomly(d, body, random, 9000);
      HttpData f = d.bodyHttpData("big");
      assertThat(f.isInMemory()).isTrue();
      ByteBuf content = f.content();
      try {
        assertThat(ByteBufUtil.getBytes(content)).isEqualTo(big);
      } finally {
        content.release();
      }
      Path target = dir.resolve("kept.bin");
      f.renameTo(target);
      assertThat(Files.readAllBytes(target)).isEqualTo(big);
      fields = d.bodyHttpDatas();
    } finally {
      d.destroy();
    }
    assertThat(fields).allSatisfy(f -> assertThat(f.refCnt()).isZero());
    assertThatThrownBy(fields.get(0)::bytes).isInstanceOf(IllegalReferenceCountException.class);
    // The renamed copy belongs to the application.
    assertThat(Files.readAllBytes(dir.resolve("kept.bin"))).isEqualTo(big);
  }

  @Test
  void largeRunsLiveInBuffersOfTheFactoryAllocatorAndDestroyReleasesThem() throws Exception {
    List<ByteBuf> allocated = new ArrayList<>();
    ByteBufAllocator recording =
        new ByteBufAllocator() {
          @Override
          public ByteBuf heapBuffer(int initialCapacity, int maxCapacity) {
            ByteBuf b = UnpooledByteBufAllocator.DEFAULT.heapBuffer(initialCapacity, maxCapacity);
            allocated.add(b);
            return b;
          }

          @Override
          public ByteBuf directBuffer(int initialCapacity, int maxCapacity) {
            throw new AssertionError("field storage asked for a direct buffer");
          }

          @Override
          public boolean isDirectBufferPooled() {
            return false;
          }

          @Override
          public boolean isPreferDirect() {
            return false;
          }
        };
    Random random = new Random(5);
    byte[] big = content(random, 200_000, false);
    byte[] small = content(random, 3000, false);
    byte[] body = body(List.of("big", "small"), List.of(big, small));
    HttpPostRequestDecoder d =
        HttpPostRequestDecoder.builder(
                HttpDataFactory.builder()
                    .storage(HttpDataFactory.Storage.MEMORY)
                    .allocator(recording)
                    .build())
            .maxFileSize(1 << 20)
            .build(multipartRequest());
    try {
      offerRandomly(d, body, random, 8192);
      assertThat(d.bodyHttpData("big").bytes()).isEqualTo(big);
      assertThat(d.bodyHttpData("small").bytes()).isEqualTo(small);
      // The big file went out of the window in runs of about 64 KiB; the small one in one array.
      assertThat(allocated).hasSizeBetween(2, 4);
      assertThat(allocated).allSatisfy(b -> assertThat(b.refCnt()).isOne());
    } finally {
      d.destroy();
    }
    assertThat(allocated).allSatisfy(b -> assertThat(b.refCnt()).isZero());
  }

  /** Offers the body in random pieces of 1 to {@code maxPiece} bytes, the last one last. */
  private static void offerRandomly(
      HttpPostRequestDecoder d, byte[] body, Random random, int maxPiece) {
    int i = 0;
    while (i < body.length) {
      int n = Math.min(body.length - i, 1 + random.nextInt(maxPiece));
      offerPiece(d, Arrays.copyOfRange(body, i, i + n), i + n == body.length);
      i += n;
    }
  }

  /** A body of file parts with the given names and contents, then the close delimiter. */
  private static byte[] body(List<String> names, List<byte[]> contents) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(bytes("preamble\r\n"));
    for (int i = 0; i < names.size(); i++) {
      out.writeBytes(
          bytes(
              "--"
                  + BOUNDARY
                  + "\r\nContent-Disposition: form-data; name=\""
                  + names.get(i)
                  + "\"; filename=\""
                  + names.get(i)
                  + ".bin\"\r\n\r\n"));
      out.writeBytes(contents.get(i));
      out.writeBytes(bytes("\r\n"));
    }
    out.writeBytes(bytes(close()));
    return out.toByteArray();
  }

  /**
   * Random content of {@code length} bytes: random binary runs, or (when {@code nasty}) mostly CR,
   * LF, dashes and prefixes of the delimiter. Never holds the delimiter pattern itself.
   */
  private static byte[] content(Random random, int length, boolean nasty) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] delimiter = bytes("\r\n--" + BOUNDARY);
    byte[] alphabet = bytes("\r\n-Wx7");
    while (out.size() < length) {
      switch (random.nextInt(nasty ? 4 : 8)) {
        case 0 -> out.write(delimiter, 0, random.nextInt(delimiter.length));
        case 1 -> out.writeBytes(bytes("--" + BOUNDARY));
        case 2 -> {
          for (int i = random.nextInt(40); i > 0; i--) {
            out.write(alphabet[random.nextInt(alphabet.length)]);
          }
        }
        default -> {
          byte[] run = new byte[random.nextInt(nasty ? 20 : 4000)];
          random.nextBytes(run);
          out.writeBytes(run);
        }
      }
    }
    byte[] c = Arrays.copyOf(out.toByteArray(), length);
    for (int at = indexOf(c, PATTERN, 0); at >= 0; at = indexOf(c, PATTERN, at)) {
      c[at] = 'x'; // breaks an accidental delimiter
    }
    return c;
  }

  private static int indexOf(byte[] a, byte[] p, int from) {
    for (int i = from; i <= a.length - p.length; i++) {
      if (Arrays.equals(a, i, i + p.length, p, 0, p.length)) {
        return i;
      }
    }
    return -1;
  }
}
