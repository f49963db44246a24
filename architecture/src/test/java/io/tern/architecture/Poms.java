package io.tern.architecture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The reactor's POMs as users' builds see them once published: each module's declared dependencies
 * with the scope and optional flag Maven gives them (a scope missing in the module comes from the
 * root POM's dependency management, as in the effective POM), and the project metadata Maven
 * Central requires.
 */
final class Poms {
  private Poms() {}

  /** One dependency of a module, as Maven resolves its scope. */
  record Dependency(String groupId, String artifactId, String scope, boolean optional) {
    /** Whether a user depending on the module gets this dependency on their class path. */
    boolean reachesUsers() {
      return !optional && (scope.equals("compile") || scope.equals("runtime"));
    }
  }

  static Element read(Path pom) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setExpandEntityReferences(false);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
    } catch (ParserConfigurationException | SAXException | IOException e) {
      throw new IllegalStateException("cannot read " + pom, e);
    }
  }

  /** The text of the child path ({@code "scm/url"}) under {@code element}, trimmed, if present. */
  static Optional<String> text(Element element, String path) {
    Element current = element;
    for (String name : path.split("/", -1)) {
      current = child(current, name);
      if (current == null) {
        return Optional.empty();
      }
    }
    String value = current.getTextContent().trim();
    return value.isEmpty() ? Optional.empty() : Optional.of(value);
  }

  static List<Element> children(Element element, String name) {
    List<Element> result = new ArrayList<>();
    if (element == null) {
      return result;
    }
    for (Node n = element.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        result.add(e);
      }
    }
    return result;
  }

  static Element child(Element element, String name) {
    List<Element> all = children(element, name);
    return all.isEmpty() ? null : all.getFirst();
  }

  /** The scopes the root POM's dependency management gives, by {@code groupId:artifactId}. */
  static Map<String, String> managedScopes(Element rootPom) {
    Map<String, String> scopes = new HashMap<>();
    Element management = child(child(rootPom, "dependencyManagement"), "dependencies");
    for (Element d : children(management, "dependency")) {
      text(d, "scope")
          .ifPresent(
              s ->
                  scopes.put(
                      text(d, "groupId").orElse("") + ":" + text(d, "artifactId").orElse(""), s));
    }
    return scopes;
  }

  /** The dependencies a module's POM declares outside profiles, with their resolved scopes. */
  static List<Dependency> dependencies(Element modulePom, Map<String, String> managedScopes) {
    List<Dependency> result = new ArrayList<>();
    for (Element d : children(child(modulePom, "dependencies"), "dependency")) {
      String groupId = text(d, "groupId").orElse("");
      String artifactId = text(d, "artifactId").orElse("");
      String scope =
          text(d, "scope")
              .orElseGet(() -> managedScopes.getOrDefault(groupId + ":" + artifactId, "compile"));
      boolean optional = text(d, "optional").map(Boolean::parseBoolean).orElse(false);
      result.add(new Dependency(groupId, artifactId, scope, optional));
    }
    return result;
  }

  /** Whether the module is published (it does not set {@code maven.deploy.skip}). */
  static boolean published(Element modulePom) {
    return !text(modulePom, "properties/maven.deploy.skip")
        .map(Boolean::parseBoolean)
        .orElse(false);
  }
}
