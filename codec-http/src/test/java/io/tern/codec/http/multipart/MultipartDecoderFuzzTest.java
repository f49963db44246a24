package io.tern.codec.http.multipart;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.tern.buffer.Unpooled;
import io.tern.codec.http.DefaultHttpContent;
import io.tern.codec.http.DefaultLastHttpContent;
import io.tern.codec.http.HttpContent;
import io.tern.codec.http.HttpRequest;
import java.io.IOException;

/**
 * Fuzzes the multipart and urlencoded decoders: any body, cut into pieces of any size, must decode
 * or fail with {@link HttpPostDecoderException}, never with another exception, and leak nothing
 * (the leak extension checks every run). The normal build replays the seeds in {@code
 * MultipartDecoderFuzzTestInputs}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class MultipartDecoderFuzzTest {
  private static final HttpDataFactory MEMORY =
      HttpDataFactory.builder().storage(HttpDataFactory.Storage.MEMORY).build();

  @FuzzTest(maxDuration = "60s")
  void decodesOrRejectsAnyBodyWithoutLeaking(FuzzedDataProvider data) throws IOException {
    run(data, MultipartBodies.multipartRequest());
  }

  @FuzzTest(maxDuration = "60s")
  void decodesOrRejectsAnyFormWithoutLeaking(FuzzedDataProvider data) throws IOException {
    run(data, MultipartBodies.request("application/x-www-form-urlencoded"));
  }

  private static void run(FuzzedDataProvider data, HttpRequest request) throws IOException {
    int piece = data.consumeInt(1, 300);
    byte[] body = data.consumeRemainingAsBytes();
    HttpPostRequestDecoder d =
        HttpPostRequestDecoder.builder(MEMORY)
            .maxFields(32)
            .maxFieldSize(4096)
            .maxFileSize(16384)
            .maxHeaderSize(512)
            .build(request);
    try {
      for (int i = 0; i <= body.length; i += piece) {
        int n = Math.min(piece, body.length - i);
        boolean last = i + n >= body.length;
        HttpContent c =
            last
                ? new DefaultLastHttpContent(Unpooled.wrappedBuffer(body, i, n))
                : new DefaultHttpContent(Unpooled.wrappedBuffer(body, i, n));
        try {
          d.offer(c);
        } finally {
          c.release();
        }
        while (d.hasNext()) {
          HttpData field = d.next();
          if (field.length() != field.bytes().length) {
            throw new AssertionError("length and bytes disagree for " + field);
          }
        }
        if (last) {
          break;
        }
      }
    } catch (HttpPostDecoderException expected) {
      // Malformed or over a limit: the documented failure.
    } finally {
      d.destroy();
    }
  }
}
