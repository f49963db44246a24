/**
 * Packet capture for debugging: {@link io.tern.handler.pcap.PcapWriteHandler} records a channel's
 * traffic into a {@link io.tern.handler.pcap.PcapWriter}, a classic pcap file Wireshark reads.
 *
 * <p>Threading: the handler runs on its channel's executor; a writer may be shared by channels on
 * any threads.
 */
package io.tern.handler.pcap;
