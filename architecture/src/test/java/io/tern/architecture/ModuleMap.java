package io.tern.architecture;

import com.tngtech.archunit.core.domain.JavaClass;

/** Which module a class belongs to, and which internal packages a module opens to which others. */
interface ModuleMap {
  /** The module of a project class, or null for a class from elsewhere (the JDK, a library). */
  String moduleOf(JavaClass javaClass);

  /** Whether {@code owner} exports {@code pkg} by name to the module {@code reader}. */
  boolean exportsTo(String owner, String pkg, String reader);
}
