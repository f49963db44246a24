package io.tern.transport.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.common.IllegalReferenceCountException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DefaultFileRegionTest {

  @Test
  void transfersItsRangeAndCountsProgress(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("f");
    Files.write(file, "0123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    DefaultFileRegion region = new DefaultFileRegion(file, 2, 5);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    WritableByteChannel target = Channels.newChannel(out);

    assertThat(region.isOpen()).isFalse(); // opened lazily
    long n = region.transferTo(target, 0);

    assertThat(n).isEqualTo(5);
    assertThat(region.transferred()).isEqualTo(5);
    assertThat(out.toString(java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("23456");
    assertThat(region.transferTo(target, 5)).isZero();
    assertThat(region.release()).isTrue();
    assertThat(region.isOpen()).isFalse();
  }

  @Test
  void aRegionPastTheEndOfTheFileFails(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("short");
    Files.write(file, new byte[4]);
    DefaultFileRegion region = new DefaultFileRegion(file, 2, 10);
    WritableByteChannel target = Channels.newChannel(new ByteArrayOutputStream());

    region.transferTo(target, 0); // the 2 bytes that exist
    assertThatThrownBy(() -> region.transferTo(target, region.transferred()))
        .isInstanceOf(IOException.class);
    region.release();
  }

  @Test
  void referenceCountingClosesOnTheLastRelease(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("g");
    Files.write(file, new byte[8]);
    DefaultFileRegion region = new DefaultFileRegion(file, 0, 8);
    region.open();
    region.retain();

    assertThat(region.release()).isFalse();
    assertThat(region.isOpen()).isTrue();
    assertThat(region.release()).isTrue();
    assertThat(region.isOpen()).isFalse();
    assertThatThrownBy(region::release).isInstanceOf(IllegalReferenceCountException.class);
    assertThatThrownBy(region::open).isInstanceOf(IllegalReferenceCountException.class);
  }
}
