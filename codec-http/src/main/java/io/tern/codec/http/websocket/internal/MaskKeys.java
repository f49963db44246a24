package io.tern.codec.http.websocket.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Fresh masking keys for client frames (RFC 6455, section 5.3), one per frame, each used once.
 *
 * <p>The RFC asks for keys an intermediary cannot predict, "derived from a strong source of
 * entropy": a non-cryptographic generator ({@code ThreadLocalRandom}, what Netty uses) does not
 * qualify, since its next outputs follow from a few observed ones. Drawing every key from the
 * shared {@link SecureRandom} does, but costs more than encoding a small frame: the platform's
 * generator mixes its output through SHA-1, about one compression per 20 bytes, whatever the batch
 * size. So each thread runs a ChaCha20 keystream (the stream cipher behind Linux's own {@code
 * getrandom}) under a 256-bit key and nonce drawn from the {@code SecureRandom}, and hands out its
 * output four bytes per frame: 4 KiB of keystream (1,024 keys) per cipher call, cheap per key, and
 * as unpredictable as the seed. After {@value #REKEY_AFTER} batches (16 MiB of keystream) the
 * thread draws a new seed, far inside ChaCha20's 2<sup>32</sup>-block counter. Should the runtime
 * lack ChaCha20 (it is in every OpenJDK build, but not a required algorithm), keys come from the
 * {@code SecureRandom} directly.
 *
 * <p>Keys are taken by the thread that encodes, in order, so none is seen before its frame.
 */
final class MaskKeys {
  private static final SecureRandom SEEDS = new SecureRandom();
  private static final ThreadLocal<MaskKeys> KEYS = ThreadLocal.withInitial(MaskKeys::new);
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

  private static final int BATCH = 1024; // keys per refill
  private static final int REKEY_AFTER = 4096; // refills under one seed

  private final byte[] bytes = new byte[BATCH * 4];
  private int next = BATCH;
  private Cipher cipher;
  private int refills;
  private boolean noCipher; // ChaCha20 failed once here: SecureRandom only

  private MaskKeys() {}

  /**
   * Returns a fresh key for the calling thread's next frame.
   *
   * @return the key, first byte most significant
   */
  static int next() {
    return KEYS.get().take();
  }

  private int take() {
    if (next == BATCH) {
      refill();
    }
    return (int) INTS.get(bytes, 4 * next++);
  }

  private void refill() {
    next = 0;
    if (!noCipher) {
      try {
        if (cipher == null || refills == REKEY_AFTER) {
          cipher = seeded();
          refills = 0;
        }
        // Encrypting zeros yields the keystream itself.
        Arrays.fill(bytes, (byte) 0);
        if (cipher.update(bytes, 0, bytes.length, bytes, 0) == bytes.length) {
          refills++;
          return;
        }
      } catch (GeneralSecurityException | RuntimeException e) {
        // Fall through: this thread uses the platform generator from now on.
      }
      noCipher = true;
      cipher = null;
    }
    SEEDS.nextBytes(bytes);
  }

  private static Cipher seeded() throws GeneralSecurityException {
    byte[] key = new byte[32];
    byte[] nonce = new byte[12];
    SEEDS.nextBytes(key);
    SEEDS.nextBytes(nonce);
    Cipher c = Cipher.getInstance("ChaCha20");
    c.init(
        Cipher.ENCRYPT_MODE,
        new SecretKeySpec(key, "ChaCha20"),
        new ChaCha20ParameterSpec(nonce, 0));
    Arrays.fill(key, (byte) 0);
    return c;
  }
}
