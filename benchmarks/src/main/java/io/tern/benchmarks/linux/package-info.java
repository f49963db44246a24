/**
 * Benchmarks of the native Linux transports (FFM system calls, the epoll and io_uring handlers),
 * each beside its Netty twin (JNI).
 */
package io.tern.benchmarks.linux;
