package io.tern.handler.ssl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tern.buffer.ByteBuf;
import io.tern.buffer.Unpooled;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.Test;

/** How a batch of complete records is found; decryption itself is tested through SslHandler. */
class SslDecryptorTest {
  private static final int BATCH = 1000;

  private final SslDecryptor decryptor = new SslDecryptor(null, BATCH);

  /** Appends a record header of {@code type} and {@code fragment} bytes of zeros. */
  private static void appendRecord(ByteBuf buf, int type, int fragment) {
    buf.writeByte(type).writeByte(3).writeByte(3).writeShort(fragment).writeZero(fragment);
  }

  @Test
  void countsEveryCompleteRecordAndStopsAtAPartialOne() throws SSLException {
    ByteBuf in = Unpooled.buffer();
    try {
      in.writeZero(7).skipBytes(7); // counted from the reader index
      appendRecord(in, SslRecords.APPLICATION_DATA, 100);
      appendRecord(in, SslRecords.APPLICATION_DATA, 200);
      appendRecord(in, SslRecords.APPLICATION_DATA, 300);
      in.writerIndex(in.writerIndex() - 1); // the third record lacks its last byte

      assertThat(decryptor.completeRecords(in, false)).isEqualTo(105 + 205);
      assertThat(in.readerIndex()).isEqualTo(7);
    } finally {
      in.release();
    }
  }

  @Test
  void findsNothingInAnIncompleteHeader() throws SSLException {
    ByteBuf in = Unpooled.buffer().writeByte(SslRecords.APPLICATION_DATA).writeByte(3);
    try {
      assertThat(decryptor.completeRecords(in, false)).isZero();
    } finally {
      in.release();
    }
  }

  @Test
  void stopsAddingRecordsOnceTheBatchIsFull() throws SSLException {
    ByteBuf in = Unpooled.buffer();
    try {
      for (int i = 0; i < 5; i++) {
        appendRecord(in, SslRecords.APPLICATION_DATA, 395); // 400 bytes each
      }
      // Records are added while the count is below the batch (0, 400, 800): three of them.
      assertThat(decryptor.completeRecords(in, false)).isEqualTo(1200);
    } finally {
      in.release();
    }
  }

  @Test
  void refusesAHandshakeRecordOnlyWhenAsked() throws SSLException {
    ByteBuf in = Unpooled.buffer();
    try {
      appendRecord(in, SslRecords.APPLICATION_DATA, 10);
      appendRecord(in, SslRecords.HANDSHAKE, 10);

      assertThat(decryptor.completeRecords(in, false)).isEqualTo(30);
      assertThatThrownBy(() -> decryptor.completeRecords(in, true))
          .isInstanceOf(SSLException.class)
          .hasMessageContaining("renegotiation");
    } finally {
      in.release();
    }
  }

  @Test
  void rejectsBytesThatAreNotATlsRecord() {
    ByteBuf in = Unpooled.buffer().writeBytes(new byte[] {'G', 'E', 'T', ' ', '/', ' '});
    try {
      assertThatThrownBy(() -> decryptor.completeRecords(in, false))
          .isInstanceOf(NotSslRecordException.class);
    } finally {
      in.release();
    }
  }
}
