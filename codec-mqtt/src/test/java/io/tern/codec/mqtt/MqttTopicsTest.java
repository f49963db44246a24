package io.tern.codec.mqtt;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MqttTopicsTest {

  @Test
  void filterValidity() {
    for (String ok :
        new String[] {"#", "+", "a/#", "a/+/c", "+/+", "/", "a//b", "$share/g/a/#", "$SYS/#"}) {
      assertThat(MqttTopics.isValidTopicFilter(ok)).as(ok).isTrue();
    }
    for (String bad :
        new String[] {"", "a/#/b", "a#", "a+/b", "#/a", "$share/g", "$share//a", "$share/g+/a"}) {
      assertThat(MqttTopics.isValidTopicFilter(bad)).as(bad).isFalse();
    }
    assertThat(MqttTopics.shareName("$share/grp/a/b")).isEqualTo("grp");
    assertThat(MqttTopics.sharedFilter("$share/grp/a/b")).isEqualTo("a/b");
  }

  @Test
  void nameValidity() {
    assertThat(MqttTopics.isValidTopicName("a/b")).isTrue();
    assertThat(MqttTopics.isValidTopicName("")).isFalse();
    assertThat(MqttTopics.isValidTopicName("a/+")).isFalse();
    assertThat(MqttTopics.isValidTopicName("#")).isFalse();
  }

  @Test
  void matching() {
    String[][] yes = {
      {"#", "a"},
      {"#", "a/b"},
      {"a/#", "a"},
      {"a/#", "a/b/c"},
      {"a/+", "a/b"},
      {"a/+", "a/"},
      {"+/+", "/finance"},
      {"+", "x"},
      {"a/+/c", "a/b/c"},
      {"/#", "/"},
      {"$SYS/#", "$SYS/x"},
      {"a", "a"},
      {"$SYS/+", "$SYS/x"}
    };
    for (String[] c : yes) {
      assertThat(MqttTopics.matches(c[0], c[1])).as("%s ~ %s", c[0], c[1]).isTrue();
    }
    String[][] no = {
      {"a/+", "a/b/c"},
      {"a", "a/b"},
      {"a/b", "a"},
      {"+", "a/b"},
      {"#", "$SYS/x"},
      {"+/x", "$SYS/x"},
      {"a/+/c", "a/b/d"},
      {"ab", "a"},
      {"a", "ab"}
    };
    for (String[] c : no) {
      assertThat(MqttTopics.matches(c[0], c[1])).as("%s !~ %s", c[0], c[1]).isFalse();
    }
  }
}
