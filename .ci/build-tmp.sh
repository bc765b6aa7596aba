# Sourced by .ci/run: the build's own temporary folder, and the check that the build left nothing in it.
#
# The test suite keeps its temporary files under target/ (the parent pom gives every test JVM a java.io.tmpdir and a
# TMPDIR there, and the tests hand folders of their own to the processes they start) and removes them. The check
# proves it: the whole build runs with every temporary folder a process could use pointing to a fresh, private folder,
#   - TMPDIR, which mktemp, Chromium and most programs that are not JVMs read,
#   - JAVA_TOOL_OPTIONS=-Djava.io.tmpdir=..., which every JVM reads (a JVM ignores TMPDIR and uses /tmp): Maven, the
#     test JVMs and every JVM they start (the environment is inherited), the quickstart's build and the demo.
# A java.io.tmpdir on a JVM's command line (the test JVMs', their children's) wins over JAVA_TOOL_OPTIONS, so the
# private folder receives only what escapes target/: a child JVM started without a folder of its own, a program that
# writes to TMPDIR. After the build, anything in it is a leftover of the build. Maven's own JVM gets a second folder
# (MAVEN_OPTS, which wins over JAVA_TOOL_OPTIONS), removed unchecked: Surefire keeps a folder of its own there
# (surefire-<user>), Maven's and not the suite's.
#
# Why not list /tmp itself before and after the build: other processes of the machine (other builds, this script's
# own log) write there at the same time, and a diff would count their files; a filter on the build's own names would
# miss a leftover with a new name. Not covered: files a test writes to /tmp by name, and HotSpot's per-process files
# (/tmp/hsperfdata_<user>, attach sockets), which go to /tmp whatever the settings and which the next JVM cleans up.

# Creates the build's temporary folder (BUILD_TMP) and Maven's (MAVEN_TMP) in the machine's, and points TMPDIR and
# every JVM's java.io.tmpdir of this shell's later commands to them.
build_tmp_open() {
    BUILD_TMP=$(mktemp -d "${TMPDIR:-/tmp}/dag-ci-tmp.XXXXXX")
    MAVEN_TMP=$(mktemp -d "${TMPDIR:-/tmp}/dag-ci-maven-tmp.XXXXXX")
    export TMPDIR=$BUILD_TMP
    export JAVA_TOOL_OPTIONS="${JAVA_TOOL_OPTIONS:+$JAVA_TOOL_OPTIONS }-Djava.io.tmpdir=$BUILD_TMP"
    export MAVEN_OPTS="${MAVEN_OPTS:+$MAVEN_OPTS }-Djava.io.tmpdir=$MAVEN_TMP"
    echo "ci: the build's temporary folder is $BUILD_TMP"
}

# Fails, naming each leftover with its size, when the build's temporary folder is not empty.
build_tmp_check() {
    local leftovers
    leftovers=$(find "$BUILD_TMP" -mindepth 1 -maxdepth 1 -printf '%f\n' | LC_ALL=C sort)
    if [[ -z "$leftovers" ]]; then
        echo "ci: the build left nothing in its temporary folder"
        return 0
    fi
    echo "ci: the build left $(echo "$leftovers" | wc -l) entries in its temporary folder $BUILD_TMP; a test must" \
        "delete what it creates, or keep it under target/ (ScratchFolder in integration-tests):" >&2
    local entry
    while IFS= read -r entry; do
        echo "  $(du -sh -- "$BUILD_TMP/$entry" | cut -f1)	$entry" >&2
    done <<<"$leftovers"
    return 1
}

# Removes the build's and Maven's temporary folders with whatever is left in them.
build_tmp_remove() {
    local folder
    for folder in "${BUILD_TMP:-}" "${MAVEN_TMP:-}"; do
        if [[ -n "$folder" ]]; then
            rm -rf -- "$folder"
        fi
    done
}
