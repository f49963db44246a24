/**
 * MQTT codec twins: PUBLISH (small and 64 KiB payloads) and CONNECT with MQTT 5 properties, encoded
 * and decoded through the pipeline by Tern's {@code codec-mqtt} and Netty's {@code
 * netty-codec-mqtt}.
 */
package io.tern.benchmarks.mqtt;
