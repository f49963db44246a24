package io.tern.benchmarks.handler;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import io.tern.benchmarks.harness.TernOnly;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Sealing one TLS 1.3 record's worth of plaintext with AES-GCM, the way a record layer does it (a
 * fresh 12-byte nonce, the 5-byte record header as additional data, a 16-byte tag): the JDK's
 * {@code AES/GCM/NoPadding} (HotSpot's AES-GCM intrinsics) against the system's OpenSSL 3 EVP
 * interface called through FFM. It decides whether protecting application records in Java, after
 * OpenSSL's handshake, could beat OpenSSL 3.0's own AES-GCM (docs/tls.md, Performance).
 *
 * <ul>
 *   <li>{@code jdkHeap}: {@code Cipher.doFinal} on byte arrays.
 *   <li>{@code jdkDirect}: {@code Cipher.doFinal} on direct {@link ByteBuffer}s (what a transport's
 *       buffers are).
 *   <li>{@code openssl}: {@code EVP_EncryptInit_ex} (new nonce), {@code EVP_EncryptUpdate} (header,
 *       then plaintext), {@code EVP_EncryptFinal_ex}, {@code EVP_CTRL_GCM_GET_TAG}, on native
 *       memory.
 * </ul>
 */
@TernOnly("a measurement of two AES-GCM implementations; Netty has no equivalent")
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@SuppressWarnings("restricted")
public class AesGcmRecord {
  /** Plaintext bytes per record. */
  @Param({"16384"})
  public int size;

  /** Key length in bits: 128 or 256. */
  @Param({"128"})
  public int keyBits;

  private static final int TAG = 16;
  private static final int EVP_CTRL_GCM_GET_TAG = 0x10;

  private Cipher cipher;
  private SecretKeySpec key;
  private byte[] nonce;
  private byte[] header;
  private byte[] plainHeap;
  private byte[] sealedHeap;
  private ByteBuffer plainDirect;
  private ByteBuffer sealedDirect;
  private long counter;

  private Arena arena;
  private MethodHandle encryptInit;
  private MethodHandle encryptUpdate;
  private MethodHandle encryptFinal;
  private MethodHandle ctrl;
  private MethodHandle ctxFree;
  private long ctx;
  private MemorySegment nativeNonce;
  private MemorySegment nativeHeader;
  private MemorySegment nativePlain;
  private MemorySegment nativeSealed;
  private MemorySegment outLength;

  /** Creates the benchmark state (JMH does). */
  public AesGcmRecord() {}

  /** Sets up both ciphers with the same key. */
  @Setup
  public void setUp() throws Throwable {
    byte[] keyBytes = new byte[keyBits / 8];
    for (int i = 0; i < keyBytes.length; i++) {
      keyBytes[i] = (byte) (i * 7 + 1);
    }
    key = new SecretKeySpec(keyBytes, "AES");
    cipher = Cipher.getInstance("AES/GCM/NoPadding");
    nonce = new byte[12];
    header = new byte[] {23, 3, 3, (byte) ((size + TAG) >> 8), (byte) (size + TAG)};
    plainHeap = new byte[size];
    for (int i = 0; i < size; i++) {
      plainHeap[i] = (byte) i;
    }
    sealedHeap = new byte[size + TAG];
    plainDirect = ByteBuffer.allocateDirect(size).put(plainHeap).flip();
    sealedDirect = ByteBuffer.allocateDirect(size + TAG);

    Linker linker = Linker.nativeLinker();
    arena = Arena.ofShared();
    SymbolLookup crypto = SymbolLookup.libraryLookup("libcrypto.so.3", arena);
    MethodHandle ctxNew =
        linker.downcallHandle(
            crypto.findOrThrow("EVP_CIPHER_CTX_new"), FunctionDescriptor.of(JAVA_LONG));
    MethodHandle algorithm =
        linker.downcallHandle(
            crypto.findOrThrow(keyBits == 128 ? "EVP_aes_128_gcm" : "EVP_aes_256_gcm"),
            FunctionDescriptor.of(JAVA_LONG));
    encryptInit =
        linker.downcallHandle(
            crypto.findOrThrow("EVP_EncryptInit_ex"),
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG));
    encryptUpdate =
        linker.downcallHandle(
            crypto.findOrThrow("EVP_EncryptUpdate"),
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG, JAVA_INT));
    encryptFinal =
        linker.downcallHandle(
            crypto.findOrThrow("EVP_EncryptFinal_ex"),
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, ADDRESS));
    ctrl =
        linker.downcallHandle(
            crypto.findOrThrow("EVP_CIPHER_CTX_ctrl"),
            FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_LONG));
    ctxFree =
        linker.downcallHandle(
            crypto.findOrThrow("EVP_CIPHER_CTX_free"), FunctionDescriptor.ofVoid(JAVA_LONG));
    ctx = (long) ctxNew.invokeExact();
    MemorySegment nativeKey = arena.allocate(keyBytes.length);
    MemorySegment.copy(keyBytes, 0, nativeKey, JAVA_BYTE, 0, keyBytes.length);
    nativeNonce = arena.allocate(12);
    nativeHeader = arena.allocate(8);
    MemorySegment.copy(header, 0, nativeHeader, JAVA_BYTE, 0, 5);
    nativePlain = arena.allocate(size, 64);
    MemorySegment.copy(plainHeap, 0, nativePlain, JAVA_BYTE, 0, size);
    nativeSealed = arena.allocate(size + TAG, 64);
    outLength = arena.allocate(JAVA_INT);
    long alg = (long) algorithm.invokeExact();
    int rc = (int) encryptInit.invokeExact(ctx, alg, 0L, nativeKey.address(), 0L);
    if (rc != 1) {
      throw new IllegalStateException("EVP_EncryptInit_ex failed");
    }
    // Both sides must produce the same record.
    jdkHeap();
    byte[] fromJdk = sealedHeap.clone();
    counter--;
    openssl();
    byte[] fromOpenSsl = nativeSealed.toArray(JAVA_BYTE);
    if (!Arrays.equals(fromJdk, fromOpenSsl)) {
      throw new IllegalStateException("the JDK and OpenSSL sealed different records");
    }
  }

  /** Frees OpenSSL's context. */
  @TearDown
  public void tearDown() throws Throwable {
    ctxFree.invokeExact(ctx);
    arena.close();
  }

  private void nextNonce() {
    long n = ++counter;
    for (int i = 0; i < 8; i++) {
      nonce[11 - i] = (byte) (n >>> (8 * i));
    }
  }

  /** The JDK on byte arrays. */
  @Benchmark
  public byte[] jdkHeap() throws GeneralSecurityException {
    nextNonce();
    cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG * 8, nonce));
    cipher.updateAAD(header);
    cipher.doFinal(plainHeap, 0, size, sealedHeap, 0);
    return sealedHeap;
  }

  /** The JDK on direct buffers. */
  @Benchmark
  public ByteBuffer jdkDirect() throws GeneralSecurityException {
    nextNonce();
    cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG * 8, nonce));
    cipher.updateAAD(header);
    plainDirect.clear();
    sealedDirect.clear();
    cipher.doFinal(plainDirect, sealedDirect);
    return sealedDirect;
  }

  /** OpenSSL's EVP AES-GCM through FFM, on native memory. */
  @Benchmark
  public MemorySegment openssl() throws Throwable {
    nextNonce();
    MemorySegment.copy(nonce, 0, nativeNonce, JAVA_BYTE, 0, nonce.length);
    int rc = (int) encryptInit.invokeExact(ctx, 0L, 0L, 0L, nativeNonce.address());
    rc &= (int) encryptUpdate.invokeExact(ctx, 0L, outLength, nativeHeader.address(), 5);
    rc &=
        (int)
            encryptUpdate.invokeExact(
                ctx, nativeSealed.address(), outLength, nativePlain.address(), size);
    rc &= (int) encryptFinal.invokeExact(ctx, nativeSealed.address() + size, outLength);
    rc &= (int) ctrl.invokeExact(ctx, EVP_CTRL_GCM_GET_TAG, TAG, nativeSealed.address() + size);
    if (rc != 1) {
      throw new IllegalStateException("EVP AES-GCM failed");
    }
    return nativeSealed;
  }
}
