# Shared by ./run-example and benchmarks/harness-run (sourced, not run): finds a JDK 25, builds a
# module and what it needs only when a source or POM changed since the last build, and records the
# module's class path so that the next start runs `java` directly, without Maven.
#
# Why not Maven every time: even a build with nothing to do costs Maven's start-up, the toolchain
# discovery and a staleness check per module (tens of seconds here); and `package` re-writes the
# upstream jars, which made every downstream module recompile ("changed dependency"). The scripts
# build with `process-classes` instead, so class paths point at target/classes directories that
# change only when a source does.

# tern_java: prints the path of a `java` of version 25 or later, or fails with a message.
# Order: TERN_JAVA_HOME, JAVA_HOME, the JDKs Maven's toolchain discovery found (its cache), the JDKs
# under /usr/lib/jvm.
tern_java() {
  local home candidates=()
  [ -n "${TERN_JAVA_HOME:-}" ] && candidates+=("$TERN_JAVA_HOME")
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  local cache="$HOME/.m2/discovered-jdk-toolchains-cache.xml"
  if [ -f "$cache" ]; then
    while IFS= read -r home; do candidates+=("$home"); done \
      < <(sed -n 's:.*<jdkHome>\(.*\)</jdkHome>.*:\1:p' "$cache")
  fi
  for home in /usr/lib/jvm/* /opt/java/* /opt/jdk*; do [ -d "$home" ] && candidates+=("$home"); done
  for home in "${candidates[@]}"; do
    [ -x "$home/bin/java" ] && [ -f "$home/release" ] || continue
    local version
    version=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")
    if [ -n "$version" ] && [ "$version" -ge 25 ]; then
      echo "$home/bin/java"
      return 0
    fi
  done
  echo "no JDK 25 or later found (looked at TERN_JAVA_HOME, JAVA_HOME, Maven's discovered toolchains and /usr/lib/jvm)" >&2
  return 1
}

# tern_stale CLASSPATH_FILE: succeeds when the module behind CLASSPATH_FILE must be built again:
# the file is missing, a class directory on it is missing, or a source, resource or POM of a module
# on it (or the parent POM, the Maven wrapper settings or this file) is newer than it.
tern_stale() {
  local cp_file="$1" root dir entry
  root="$(tern_root)"
  [ -f "$cp_file" ] || return 0
  local watch=("$root/pom.xml" "$root/.mvn" "$root/scripts/launch.sh")
  local IFS=':'
  for entry in $(cat "$cp_file"); do
    case "$entry" in
      "$root"/*/target/classes)
        [ -d "$entry" ] || return 0
        dir="${entry%/target/classes}"
        watch+=("$dir/pom.xml")
        [ -d "$dir/src/main" ] && watch+=("$dir/src/main")
        ;;
    esac
  done
  unset IFS
  [ -n "$(find "${watch[@]}" -newer "$cp_file" -print -quit 2>/dev/null)" ]
}

tern_root() { (cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd); }

# tern_build MODULE PROFILE CLASSPATH_FILE: builds MODULE and what it needs up to process-classes
# (every compiler check on, tests and formatting skipped), with one progress line per module; the
# profile writes the module's dependency class path, to which this prepends its own classes.
tern_build() {
  local module="$1" profile="$2" cp_file="$3" root log status
  root="$(tern_root)"
  log="$root/$module/target/launch-build.log"
  mkdir -p "$root/$module/target"
  # The class path file takes the build's start time, so a source saved during the build still
  # counts as newer next time.
  local started="$root/$module/target/launch-build.started"
  touch "$started"
  echo "[tern] building $module and the modules it needs (log: ${log#"$root"/})" >&2
  set +e
  # bnd.skip: the OSGi manifests are for the packaged jars; a launch runs from target/classes.
  (cd "$root" && ./mvnw -B -pl "$module" -am process-classes "-P$profile" \
      -DskipTests -Dspotless.check.skip=true -Dbnd.skip=true </dev/null) > "$log" 2>&1 &
  local build_pid=$!
  # One line per module and per compilation, from the log as Maven writes it.
  tail -n +1 -f --pid="$build_pid" "$log" 2>/dev/null | awk '
    /^\[INFO\] Building Tern / { sub(/^\[INFO\] Building Tern /, ""); sub(/ [0-9.]+(-SNAPSHOT)? +\[.*$/, ""); if ($0 !~ /^[0-9]/) print "[tern]   " $0; fflush() }
    /^\[INFO\] Compiling [0-9]+ source file/ { sub(/^\[INFO\] /, ""); print "[tern]     " $0; fflush() }
    /^\[INFO\] Downloading from/ && !shown { print "[tern]     downloading dependencies (first run)"; shown = 1; fflush() }' >&2
  wait "$build_pid"
  status=$?
  set -e
  if [ "$status" -ne 0 ]; then
    echo "[tern] build failed; the errors:" >&2
    grep -E '^\[ERROR\]' "$log" | head -40 >&2
    return "$status"
  fi
  local deps
  deps="$(cat "$root/$module/target/launch-deps.classpath")"
  printf '%s' "$root/$module/target/classes${deps:+:$deps}" > "$cp_file"
  touch -r "$started" "$cp_file"
  echo "[tern] built" >&2
}

# tern_classpath MODULE PROFILE: prints the class path of MODULE, building it first when stale.
tern_classpath() {
  local module="$1" profile="$2" root cp_file
  root="$(tern_root)"
  cp_file="$root/$module/target/launch.classpath"
  if tern_stale "$cp_file"; then
    tern_build "$module" "$profile" "$cp_file"
  fi
  cat "$cp_file"
}
