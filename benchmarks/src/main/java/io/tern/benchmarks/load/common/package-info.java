/**
 * Code both load servers run, so that the two sides do the same work: the JSON message of the
 * {@code /json} test and its serializer.
 */
package io.tern.benchmarks.load.common;
