package io.tern.benchmarks.load.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonMessageTest {
  @Test
  void helloSerializesToTechEmpowersBody() {
    assertThat(new String(new JsonMessage(JsonMessage.HELLO).toJson(), StandardCharsets.UTF_8))
        .isEqualTo("{\"message\":\"Hello, World!\"}");
  }

  @Test
  void quotesBackslashesAndControlCharactersAreEscaped() {
    assertThat(new String(new JsonMessage("a\"b\\c\nd é").toJson(), StandardCharsets.UTF_8))
        .isEqualTo("{\"message\":\"a\\\"b\\\\c\\u000ad é\"}");
  }

  @Test
  void everyCallSerializesAnewIntoAFreshArray() {
    JsonMessage message = new JsonMessage(JsonMessage.HELLO);

    assertThat(message.toJson()).isNotSameAs(message.toJson()).isEqualTo(message.toJson());
  }
}
