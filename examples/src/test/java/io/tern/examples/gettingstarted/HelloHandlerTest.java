package io.tern.examples.gettingstarted;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.codec.http.DefaultFullHttpRequest;
import io.tern.codec.http.FullHttpResponse;
import io.tern.codec.http.HttpMethod;
import io.tern.codec.http.HttpResponseStatus;
import io.tern.codec.http.HttpVersion;
import io.tern.testsupport.LeakDetectionExtension;
import io.tern.transport.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LeakDetectionExtension.class) // fails the test if a buffer is never released
class HelloHandlerTest {

  @Test
  void answersWithThePathAndKeepsTheConnectionOpen() {
    EmbeddedChannel channel = new EmbeddedChannel(new HelloHandler());
    channel.writeInbound(new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/tern"));

    FullHttpResponse response = channel.readOutbound();
    try {
      assertThat(response.status()).isEqualTo(HttpResponseStatus.OK);
      assertThat(response.content().toString(StandardCharsets.UTF_8)).isEqualTo("Hello, /tern!\n");
    } finally {
      response.release(); // the test now owns what the handler wrote
    }
    assertThat(channel.isOpen()).isTrue();
    assertThat(channel.finish()).isFalse(); // nothing else was written or passed on
  }

  @Test
  void closesAfterAnsweringARequestWithoutKeepAlive() {
    EmbeddedChannel channel = new EmbeddedChannel(new HelloHandler());
    channel.writeInbound(new DefaultFullHttpRequest(HttpVersion.HTTP_1_0, HttpMethod.GET, "/"));

    FullHttpResponse response = channel.readOutbound();
    response.release();
    assertThat(channel.isOpen()).isFalse();
  }
}
