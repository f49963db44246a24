package io.tern.codec.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.ListValue;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.Value;
import io.tern.buffer.ByteBuf;
import io.tern.buffer.ByteBufUtil;
import io.tern.buffer.CompositeByteBuf;
import io.tern.buffer.Unpooled;
import io.tern.codec.CorruptedFrameException;
import io.tern.codec.TooLongFrameException;
import io.tern.codec.frame.Varint32FrameDecoder;
import io.tern.codec.frame.Varint32LengthFieldPrepender;
import io.tern.transport.embedded.EmbeddedChannel;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ProtobufCodecTest {

  private static Struct sampleStruct() {
    return Struct.newBuilder()
        .putFields("name", Value.newBuilder().setStringValue("tern ✈").build())
        .putFields("count", Value.newBuilder().setNumberValue(42).build())
        .putFields(
            "tags",
            Value.newBuilder()
                .setListValue(
                    ListValue.newBuilder()
                        .addValues(Value.newBuilder().setStringValue("a"))
                        .addValues(Value.newBuilder().setBoolValue(true)))
                .build())
        .build();
  }

  /** Writes messages through the prepender and encoder; returns the bytes on the wire. */
  private static byte[] encode(Object... messages) {
    EmbeddedChannel ch =
        new EmbeddedChannel(new Varint32LengthFieldPrepender(), new ProtobufEncoder());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object m : messages) {
      ch.writeOutbound(m);
      ByteBuf b;
      while ((b = ch.readOutbound()) != null) {
        out.writeBytes(ByteBufUtil.getBytes(b));
        b.release();
      }
    }
    ch.finishAndReleaseAll();
    return out.toByteArray();
  }

  /** Feeds the wire bytes in the given pieces; returns the decoded messages. */
  private static List<Object> decode(
      ProtobufDecoder decoder, byte[] wire, int piece, boolean direct) {
    EmbeddedChannel ch = new EmbeddedChannel(new Varint32FrameDecoder(1 << 20), decoder);
    List<Object> messages = new ArrayList<>();
    for (int at = 0; at < wire.length; at += piece) {
      int n = Math.min(piece, wire.length - at);
      ByteBuf b = direct ? Unpooled.directBuffer(n) : Unpooled.buffer(n);
      b.writeBytes(wire, at, n);
      ch.writeInbound(b);
      Object o;
      while ((o = ch.readInbound()) != null) {
        messages.add(o);
      }
    }
    ch.finishAndReleaseAll();
    return messages;
  }

  @Test
  void roundTripsWellKnownTypesWhateverTheSplits() {
    Struct struct = sampleStruct();
    byte[] wire = encode(struct, struct.toBuilder().putFields("n", Value.newBuilder().build()));
    for (int piece : new int[] {wire.length, 1, 7, 64}) {
      for (boolean direct : new boolean[] {false, true}) {
        List<Object> out =
            decode(new ProtobufDecoder(Struct.getDefaultInstance()), wire, piece, direct);
        assertThat(out).as("pieces of %d, direct %s", piece, direct).hasSize(2);
        assertThat(out.getFirst()).isEqualTo(struct);
        assertThat(((Struct) out.get(1)).getFieldsMap()).containsKey("n");
      }
    }
  }

  @Test
  void writesWhatProtobufsOwnDelimitedFormWritesAndReads() throws IOException {
    Timestamp t = Timestamp.newBuilder().setSeconds(1_795_000_000L).setNanos(123_456_789).build();
    ByteArrayOutputStream theirs = new ByteArrayOutputStream();
    t.writeDelimitedTo(theirs);
    sampleStruct().writeDelimitedTo(theirs);
    byte[] ours = encode(t, sampleStruct());
    assertThat(ours).isEqualTo(theirs.toByteArray());
    ByteArrayInputStream in = new ByteArrayInputStream(ours);
    assertThat(Timestamp.parseDelimitedFrom(in)).isEqualTo(t);
    assertThat(Struct.parseDelimitedFrom(in)).isEqualTo(sampleStruct());
  }

  @Test
  void takesTheLiteInterfaceAndBuilders() {
    MessageLite prototype = Timestamp.getDefaultInstance();
    byte[] wire = encode(Timestamp.newBuilder().setSeconds(5));
    List<Object> out = decode(new ProtobufDecoder(prototype), wire, 3, false);
    assertThat(out).containsExactly(Timestamp.newBuilder().setSeconds(5).build());
  }

  @Test
  void parsesAFrameInACompositeBuffer() {
    byte[] body = sampleStruct().toByteArray();
    CompositeByteBuf composite = Unpooled.compositeBuffer();
    composite.addComponent(true, Unpooled.copiedBuffer(body, 0, body.length / 2));
    composite.addComponent(
        true,
        Unpooled.directBuffer().writeBytes(body, body.length / 2, body.length - body.length / 2));
    EmbeddedChannel ch = new EmbeddedChannel(new ProtobufDecoder(Struct.getDefaultInstance()));
    ch.writeInbound(composite);
    assertThat(ch.<Object>readInbound()).isEqualTo(sampleStruct());
    ch.finishAndReleaseAll();
  }

  /**
   * A proto2 file built in code: {@code Note {required int64 id = 1; optional string text = 2;}}.
   */
  private static FileDescriptor noteFile() throws DescriptorValidationException {
    FileDescriptorProto file =
        FileDescriptorProto.newBuilder()
            .setName("tern/note.proto")
            .setPackage("tern.test")
            .setSyntax("proto2")
            .addMessageType(
                DescriptorProto.newBuilder()
                    .setName("Note")
                    .addField(field("id", 1, FieldDescriptorProto.Type.TYPE_INT64, true))
                    .addField(field("text", 2, FieldDescriptorProto.Type.TYPE_STRING, false))
                    .addExtensionRange(
                        DescriptorProto.ExtensionRange.newBuilder().setStart(100).setEnd(200)))
            .addExtension(
                field("priority", 100, FieldDescriptorProto.Type.TYPE_INT32, false)
                    .setExtendee(".tern.test.Note"))
            .build();
    return FileDescriptor.buildFrom(file, new FileDescriptor[0]);
  }

  private static FieldDescriptorProto.Builder field(
      String name, int number, FieldDescriptorProto.Type type, boolean required) {
    return FieldDescriptorProto.newBuilder()
        .setName(name)
        .setNumber(number)
        .setType(type)
        .setLabel(
            required
                ? FieldDescriptorProto.Label.LABEL_REQUIRED
                : FieldDescriptorProto.Label.LABEL_OPTIONAL);
  }

  @Test
  void decodesDynamicMessagesAndTheirExtensionsWithARegistry() throws Exception {
    FileDescriptor file = noteFile();
    Descriptor note = file.findMessageTypeByName("Note");
    FieldDescriptor priority = file.findExtensionByName("priority");
    DynamicMessage message =
        DynamicMessage.newBuilder(note)
            .setField(note.findFieldByName("id"), 7L)
            .setField(note.findFieldByName("text"), "remember the milk")
            .setField(priority, 3)
            .build();
    byte[] wire = encode(message);

    ExtensionRegistry registry = ExtensionRegistry.newInstance();
    registry.add(priority);
    DynamicMessage withRegistry =
        (DynamicMessage)
            decode(
                    new ProtobufDecoder(DynamicMessage.getDefaultInstance(note), registry),
                    wire,
                    5,
                    true)
                .getFirst();
    assertThat(withRegistry.getField(priority)).isEqualTo(3);
    assertThat(withRegistry.getField(note.findFieldByName("text"))).isEqualTo("remember the milk");

    DynamicMessage without =
        (DynamicMessage)
            decode(new ProtobufDecoder(DynamicMessage.getDefaultInstance(note)), wire, 5, false)
                .getFirst();
    assertThat(without.hasField(priority)).isFalse();
    assertThat(without.getUnknownFields().hasField(100)).isTrue();
  }

  @Test
  void refusesAMessageMissingARequiredFieldAndGoesOnWithTheNext() throws Exception {
    Descriptor note = noteFile().findMessageTypeByName("Note");
    DynamicMessage missingId =
        DynamicMessage.newBuilder(note)
            .setField(note.findFieldByName("text"), "no id")
            .buildPartial();
    DynamicMessage good =
        DynamicMessage.newBuilder(note).setField(note.findFieldByName("id"), 1L).build();
    byte[] wire = concat(delimited(missingId.toByteArray()), delimited(good.toByteArray()));
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new Varint32FrameDecoder(1 << 20),
            new ProtobufDecoder(DynamicMessage.getDefaultInstance(note)));
    assertThatThrownBy(() -> ch.writeInbound(Unpooled.copiedBuffer(wire)))
        .isInstanceOf(CorruptedFrameException.class)
        .hasMessageContaining("id");
    assertThat(ch.<Object>readInbound()).isEqualTo(good);
    ch.finishAndReleaseAll();
  }

  @Test
  void refusesCorruptBytesAndGoesOnWithTheNextFrame() {
    byte[] garbage = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F};
    byte[] wire = concat(delimited(garbage), encode(sampleStruct()));
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new Varint32FrameDecoder(1 << 20), new ProtobufDecoder(Struct.getDefaultInstance()));
    assertThatThrownBy(() -> ch.writeInbound(Unpooled.copiedBuffer(wire)))
        .isInstanceOf(CorruptedFrameException.class);
    assertThat(ch.<Object>readInbound()).isEqualTo(sampleStruct());
    ch.finishAndReleaseAll();
  }

  @Test
  void refusesAMessageOverTheSizeLimitBeforeParsingIt() {
    byte[] wire = encode(sampleStruct());
    int size = sampleStruct().getSerializedSize();
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new Varint32FrameDecoder(1 << 20),
            new ProtobufDecoder(
                Struct.getDefaultInstance(),
                ExtensionRegistry.getEmptyRegistry(),
                size - 1,
                ProtobufDecoder.DEFAULT_MAX_DEPTH));
    assertThatThrownBy(() -> ch.writeInbound(Unpooled.copiedBuffer(wire)))
        .isInstanceOf(TooLongFrameException.class);
    assertThat(ch.<Object>readInbound()).isNull();
    ch.finishAndReleaseAll();
  }

  @Test
  void refusesNestingDeeperThanTheLimit() {
    // Struct -> Value -> Struct -> ...: each level is two messages deep.
    Value value = Value.newBuilder().setStringValue("bottom").build();
    for (int i = 0; i < 60; i++) {
      value = Value.newBuilder().setStructValue(Struct.newBuilder().putFields("k", value)).build();
    }
    Struct deep = Struct.newBuilder().putFields("top", value).build();
    byte[] wire = encode(deep);
    assertThatThrownBy(
            () ->
                decode(new ProtobufDecoder(Struct.getDefaultInstance()), wire, wire.length, false))
        .isInstanceOf(CorruptedFrameException.class);
    List<Object> out =
        decode(
            new ProtobufDecoder(
                Struct.getDefaultInstance(), ExtensionRegistry.getEmptyRegistry(), 1 << 20, 400),
            wire,
            wire.length,
            false);
    assertThat(out).containsExactly(deep);
  }

  @Test
  void decodesRandomMessagesLikeProtobufItself() {
    Random random = new Random(11);
    List<Object> sent = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      Struct.Builder b = Struct.newBuilder();
      for (int f = random.nextInt(6); f > 0; f--) {
        b.putFields(
            "f" + random.nextInt(100),
            Value.newBuilder().setNumberValue(random.nextDouble()).build());
      }
      sent.add(b.build());
    }
    byte[] wire = encode(sent.toArray());
    assertThat(decode(new ProtobufDecoder(Struct.getDefaultInstance()), wire, 13, true))
        .containsExactlyElementsOf(sent);
  }

  private static byte[] delimited(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int n = body.length;
    while ((n & ~0x7F) != 0) {
      out.write((n & 0x7F) | 0x80);
      n >>>= 7;
    }
    out.write(n);
    out.writeBytes(body);
    return out.toByteArray();
  }

  private static byte[] concat(byte[] a, byte[] b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(a);
    out.writeBytes(b);
    return out.toByteArray();
  }
}
