package io.tern.resolver.dns.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SearchListTest {
  private static final List<String> SEARCH = List.of("corp.example", "lab.example");

  @Test
  void aNameWithFewerDotsThanNdotsTriesTheSearchListFirst() {
    assertThat(SearchList.candidates("www", SEARCH, 1))
        .containsExactly("www.corp.example.", "www.lab.example.", "www.");
  }

  @Test
  void aNameWithEnoughDotsIsTriedAsGivenFirst() {
    assertThat(SearchList.candidates("www.example", SEARCH, 1))
        .containsExactly("www.example.", "www.example.corp.example.", "www.example.lab.example.");
    assertThat(SearchList.candidates("a.b", SEARCH, 2))
        .containsExactly("a.b.corp.example.", "a.b.lab.example.", "a.b.");
  }

  @Test
  void anAbsoluteNameIsTriedAlone() {
    assertThat(SearchList.candidates("www.", SEARCH, 5)).containsExactly("www.");
  }
}
