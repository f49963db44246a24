package io.tern.osgitest;

import static org.assertj.core.api.Assertions.assertThat;

import io.tern.osgitest.probe.EchoProbe;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.module.ModuleDescriptor;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * Tern's library jars are OSGi bundles: installed in Apache Felix, every one resolves and starts,
 * exports exactly the packages its module descriptor exports (no {@code internal} package), and a
 * bundle inside the framework can run an echo over NIO with them.
 */
class OsgiBundlesTest {
  @TempDir static Path work;

  private static Framework framework;

  /** Installed Tern bundles by artifact id, and the jar each came from. */
  private static final Map<String, Bundle> BUNDLES = new LinkedHashMap<>();

  private static final Map<String, Path> JARS = new LinkedHashMap<>();

  @BeforeAll
  static void startFrameworkAndBundles() throws Exception {
    Map<String, String> config = new HashMap<>();
    config.put(Constants.FRAMEWORK_STORAGE, work.resolve("felix-cache").toString());
    config.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
    config.put(Constants.FRAMEWORK_SYSTEMPACKAGES_EXTRA, jdkPackagesOutsideJava());
    config.put(Constants.FRAMEWORK_SYSTEMCAPABILITIES_EXTRA, javaSeExecutionEnvironments());
    // Felix would otherwise install its URL handler factory JVM-wide, once per JVM.
    config.put("felix.service.urlhandlers", "false");
    FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class).findFirst().orElseThrow();
    framework = factory.newFramework(config);
    framework.start();

    BundleContext context = framework.getBundleContext();
    for (Path jar : TernBundles.thirdPartyJars()) {
      context.installBundle(jar.toUri().toString());
    }
    for (Path jar : TernBundles.libraryJars(TernBundles.bomLibraries())) {
      String artifact = TernBundles.artifactOf(jar);
      JARS.put(artifact, jar);
      BUNDLES.put(artifact, context.installBundle(jar.toUri().toString()));
    }
    for (Bundle bundle : BUNDLES.values()) {
      bundle.start(); // resolves it first: a missing import fails here, naming the requirement
    }
  }

  @AfterAll
  static void stopFramework() throws Exception {
    if (framework != null) {
      framework.stop();
      framework.waitForStop(30_000);
    }
  }

  @Test
  void everyLibraryModuleOfTheBomIsInstalledAsABundleNamedAfterItsModule() {
    assertThat(BUNDLES.keySet())
        .as("the BOM's libraries found as packaged jars on the test class path")
        .containsExactlyInAnyOrderElementsOf(TernBundles.bomLibraries());
    BUNDLES.forEach(
        (artifact, bundle) ->
            assertThat(bundle.getSymbolicName())
                .as(artifact)
                .isEqualTo(TernBundles.descriptor(JARS.get(artifact)).name()));
  }

  @Test
  void everyBundleIsActive() {
    List<String> notActive = new ArrayList<>();
    BUNDLES.forEach(
        (artifact, bundle) -> {
          if (bundle.getState() != Bundle.ACTIVE) {
            notActive.add(artifact + " (state " + bundle.getState() + ")");
          }
        });
    assertThat(notActive).isEmpty();
  }

  @Test
  void eachBundleExportsExactlyWhatItsModuleDescriptorExports() {
    BUNDLES.forEach(
        (artifact, bundle) -> {
          ModuleDescriptor descriptor = TernBundles.descriptor(JARS.get(artifact));
          Set<String> osgi =
              TernBundles.exportedPackages(bundle.getHeaders().get(Constants.EXPORT_PACKAGE));
          assertThat(osgi)
              .as("Export-Package of %s against the exports of module %s", artifact, descriptor)
              .isEqualTo(TernBundles.unqualifiedExports(descriptor))
              .noneMatch(p -> p.contains(".internal"));
        });
  }

  @Test
  void anEchoOverNioWorksFromABundleInsideTheFramework() throws Exception {
    Bundle probe = framework.getBundleContext().installBundle(probeBundle().toUri().toString());
    try {
      probe.start(); // runs the echo; a failure throws here
      ServiceReference<?>[] references =
          probe.getBundleContext().getServiceReferences(Supplier.class.getName(), "(tern.echo=*)");
      assertThat(references).hasSize(1);
      assertThat(references[0].getProperty("tern.echo")).isEqualTo(EchoProbe.TEXT);
      assertThat(references[0].getProperty("tern.nio.bundle")).isEqualTo("io.tern.transport");
    } finally {
      probe.uninstall();
    }
  }

  /**
   * Writes the probe bundle: the classes of {@link EchoProbe}'s package from the test classes,
   * importing the Tern packages it uses, so that the framework wires them to Tern's bundles.
   */
  private static Path probeBundle() throws IOException, URISyntaxException {
    Path classes =
        Path.of(EchoProbe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path packageDir = classes.resolve(EchoProbe.class.getPackageName().replace('.', '/'));
    Manifest manifest = new Manifest();
    Attributes main = manifest.getMainAttributes();
    main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
    main.putValue(Constants.BUNDLE_MANIFESTVERSION, "2");
    main.putValue(Constants.BUNDLE_SYMBOLICNAME, "io.tern.osgitest.probe");
    main.putValue(Constants.BUNDLE_VERSION, "1.0.0");
    main.putValue(Constants.BUNDLE_ACTIVATOR, EchoProbe.class.getName());
    main.putValue(
        Constants.IMPORT_PACKAGE,
        String.join(
            ",",
            "org.osgi.framework",
            "io.tern.buffer",
            "io.tern.common",
            "io.tern.common.concurrent",
            "io.tern.transport",
            "io.tern.transport.bootstrap",
            "io.tern.transport.channel",
            "io.tern.transport.nio"));
    Path jar = work.resolve("echo-probe.jar");
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file, manifest);
        Stream<Path> files = Files.list(packageDir)) {
      for (Path classFile : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
        out.putNextEntry(new JarEntry(classes.relativize(classFile).toString().replace('\\', '/')));
        Files.copy(classFile, out);
        out.closeEntry();
      }
    }
    return jar;
  }

  /**
   * The packages the JDK's boot layer exports to everyone, {@code java.*} excepted (the framework
   * always delegates those): {@code jdk.jfr}, {@code javax.net.ssl} and the like, which bundles
   * import like any other package.
   */
  private static String jdkPackagesOutsideJava() {
    Set<String> packages = new TreeSet<>();
    for (Module module : ModuleLayer.boot().modules()) {
      for (ModuleDescriptor.Exports export : module.getDescriptor().exports()) {
        if (!export.isQualified() && !export.source().startsWith("java.")) {
          packages.add(export.source());
        }
      }
    }
    return String.join(",", packages);
  }

  /** {@code osgi.ee=JavaSE} for every version up to the running one (JCTools requires 11). */
  private static String javaSeExecutionEnvironments() {
    StringJoiner versions = new StringJoiner(",");
    for (int minor = 0; minor <= 8; minor++) {
      versions.add("1." + minor);
    }
    for (int feature = 9; feature <= Runtime.version().feature(); feature++) {
      versions.add(feature + ".0");
    }
    return "osgi.ee; osgi.ee=\"JavaSE\"; version:List<Version>=\"" + versions + "\"";
  }
}
