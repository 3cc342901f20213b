#!/usr/bin/env bash
# build.sh: build, test, install and run feedscout. Output goes only under
# $DIST (default ./dist), which is gitignored.
#
#   ./build.sh [build]   the .wasm, the host and the unpacked extension
#   ./build.sh test      build, then vet and every test (unit, wasm, e2e)
#   ./build.sh bench     the benchmarks, reports under bench/out/
#   ./build.sh install   build, then install the host manifests for the
#                        browsers found (feedscout-host install)
#   ./build.sh run [URL] build, install the host into a dedicated Chromium
#                        profile and start Chromium with the extension
#   ./build.sh run --firefox [URL]
#                        build, install the host for Firefox and start
#                        Firefox with a fresh profile and the add-on
#   ./build.sh dist      build, then the release under $DIST/release: the
#                        host for Windows, macOS and Linux (amd64, arm64),
#                        the .deb packages, the extension's .zip and .xpi,
#                        SHA256SUMS (docs/install.md)
set -euo pipefail

cd "$(dirname "$0")"
ROOT=$PWD
DIST=${DIST:-$ROOT/dist}
VERSION=${VERSION:-0.1.0}
export CGO_ENABLED=0

build() {
	mkdir -p "$DIST"
	rm -rf "$DIST/extension"
	cp -R extension "$DIST/extension"
	# popup.js and the modules only it imports become one file: the popup
	# then loads 2 scripts instead of 9 files four levels of imports deep
	# (~35 ms sooner to feeds on screen, docs/performance-browser.md).
	# esbuild (go.mod's tool) only joins the modules: no minifying, no
	# rewriting; the bundled files are dropped so that nothing can load a
	# second copy of their state.
	go tool esbuild extension/popup/popup.js --bundle --format=esm --charset=utf8 \
		--legal-comments=none --log-level=warning --allow-overwrite \
		--outfile="$DIST/extension/popup/popup.js"
	drop_bundled
	mkdir -p "$DIST/extension/wasm"
	# -s -w: no name section (66 KB). The popup loads the gzipped copy
	# (fetching from chrome-extension:// is the slow part of its start, and
	# gzip makes it 3.5 MB -> 1 MB); the plain one is for the tests, Node
	# and browsers without DecompressionStream.
	GOOS=wasip1 GOARCH=wasm go build -trimpath -buildmode=c-shared -ldflags="-s -w" \
		-o "$DIST/extension/wasm/classify.wasm" ./wasm
	gzip -9 -n -c "$DIST/extension/wasm/classify.wasm" >"$DIST/extension/wasm/classify.wasm.gz"
	# The news sitemap generator, its own module: only the generator page
	# loads it, when it opens (while the form is filled in), so the popup's
	# classify.wasm does not carry it. Not gzipped: off every timed path.
	GOOS=wasip1 GOARCH=wasm go build -trimpath -buildmode=c-shared -ldflags="-s -w" \
		-o "$DIST/extension/wasm/newsmap.wasm" ./wasm/newsmapwasm
	# The popup runs its IndexedDB copy of the module only when it has this
	# hash (extension/lib/wasmcache.js).
	local sum
	sum=$(sha256sum "$DIST/extension/wasm/classify.wasm" | cut -d' ' -f1)
	sed -i "s|<meta name=\"feedscout-classifier\" content=\"\">|<meta name=\"feedscout-classifier\" content=\"$sum\">|" \
		"$DIST/extension/popup/popup.html"
	grep -q "content=\"$sum\"" "$DIST/extension/popup/popup.html" ||
		{ echo "build.sh: popup.html has no feedscout-classifier meta to stamp" >&2; exit 1; }
	# -s -w drop the symbol table and DWARF (13.8 -> 9.8 MB): less to load
	# at every start (the browser starts one host per port); panics still
	# print function names (pclntab stays).
	go build -trimpath -ldflags "-s -w -X main.version=$VERSION" \
		-o "$DIST/feedscout-host" ./nativehost
	# Firefox: the same files with the manifest Firefox wants (no key,
	# background.scripts, the gecko id and minimum versions; see
	# docs/firefox.md), unpacked and as an .xpi.
	go run tests/firefox/firefox_package.go "$DIST/extension" "$DIST/extension-firefox" "$DIST/feedscout-firefox.xpi"
	echo "built $DIST/feedscout-host, $DIST/extension/, $DIST/extension-firefox/ and $DIST/feedscout-firefox.xpi"
}

# drop_bundled removes from $DIST/extension/popup every script but those
# an extension page loads itself: the <script src> of popup/*.html (the
# bundle popup.js and boot.js), and popup/ scripts other pages name
# (../popup/X.js). Every other popup module is inside the bundle, so a
# copy left in dist could only be loaded as a second copy of its state.
drop_bundled() {
	local keep f name
	keep=" $(sed -n 's/.*<script[^>]* src="\([^"/]*\.js\)".*/\1/p' extension/popup/*.html | tr '\n' ' ')"
	keep+=" $(find extension -name '*.html' -not -path 'extension/popup/*' -exec \
		sed -n 's|.*<script[^>]* src="[./]*/*popup/\([^"/]*\.js\)".*|\1|p' {} + | tr '\n' ' ') "
	case "$keep" in
	*" popup.js "*) ;;
	*)
		echo "build.sh: popup.html does not load popup.js; the bundle would be dropped" >&2
		exit 1
		;;
	esac
	for f in "$DIST/extension/popup/"*.js; do
		name=${f##*/}
		case "$keep" in
		*" $name "*) ;;
		*) rm "$f" ;;
		esac
	done
}

# The release's operating systems and architectures.
PLATFORMS="windows/amd64 windows/arm64 darwin/amd64 darwin/arm64 linux/amd64 linux/arm64"

# host_for GOOS GOARCH OUT builds the host for one platform, reproducibly:
# -trimpath and -buildvcs=false keep build paths and the working tree's
# state out; -s -w strip it (lintian wants a stripped binary).
host_for() {
	GOOS=$1 GOARCH=$2 go build -trimpath -buildvcs=false -ldflags "-s -w -X main.version=$VERSION" -o "$3" ./nativehost
}

# release writes $DIST/release. Every archive's entries carry the time
# $SOURCE_DATE_EPOCH (the last commit's time by default), so a build of
# the same sources gives the same bytes.
release() {
	local out=$DIST/release work=$DIST/release-work p os arch dir exe
	command -v dpkg-deb >/dev/null || { echo "build.sh dist: dpkg-deb is missing (apt-get install dpkg-dev; on a Mac: brew install dpkg)" >&2; exit 1; }
	export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}
	rm -rf "$out" "$work"
	mkdir -p "$out" "$work"
	for p in $PLATFORMS; do
		os=${p%/*} arch=${p#*/}
		dir=$work/$os-$arch
		mkdir -p "$dir"
		exe=feedscout-host
		[ "$os" = windows ] && exe=feedscout-host.exe
		host_for "$os" "$arch" "$dir/$exe"
		cp README.md docs/install.md "$dir/"
		if [ "$os" = windows ]; then
			go run nativehost/packaging/release.go archive "$out/feedscout_${VERSION}_${os}_$arch.zip" "feedscout_${VERSION}_${os}_$arch" "$dir/$exe" "$dir/README.md" "$dir/install.md"
		else
			go run nativehost/packaging/release.go archive "$out/feedscout_${VERSION}_${os}_$arch.tar.gz" "feedscout_${VERSION}_${os}_$arch" "$dir/$exe" "$dir/README.md" "$dir/install.md"
		fi
		[ "$os" = linux ] && deb "$arch" "$dir/$exe" "$work/deb-$arch" "$out/feedscout_${VERSION}_$arch.deb"
	done
	go run nativehost/packaging/release.go zipdir "$out/feedscout_${VERSION}_chromium.zip" "$DIST/extension"
	cp "$DIST/feedscout-firefox.xpi" "$out/feedscout_${VERSION}_firefox.xpi"
	(cd "$out" && sha256sum -- *.zip *.tar.gz *.deb *.xpi >SHA256SUMS)
	rm -rf "$work"
	echo "built $out:"
	ls "$out"
}

# deb ARCH HOST ROOT OUT builds the Debian package of one architecture
# with dpkg-deb from the tree ROOT (nativehost/packaging/debian holds the
# control files; release.go writes what comes from the Go code).
deb() {
	local arch=$1 host=$2 root=$3 out=$4 doc
	doc=$root/usr/share/doc/feedscout
	mkdir -p "$root/DEBIAN" "$root/usr/bin" "$doc" "$root/usr/share/lintian/overrides"
	install -m 0755 "$host" "$root/usr/bin/feedscout-host"
	# The host prints its usage (and exits 2) when run without arguments.
	{ "$DIST/feedscout-host" 2>&1 >/dev/null || true; } | go run nativehost/packaging/release.go debroot "$root"
	install -m 0644 nativehost/packaging/debian/copyright "$doc/copyright"
	gzip -9 -n -c nativehost/packaging/debian/changelog >"$doc/changelog.gz"
	install -m 0644 nativehost/packaging/debian/lintian-overrides "$root/usr/share/lintian/overrides/feedscout"
	install -m 0644 nativehost/packaging/debian/conffiles "$root/DEBIAN/conffiles"
	sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$(du -sk --exclude=DEBIAN "$root" | cut -f1)/" \
		nativehost/packaging/debian/control >"$root/DEBIAN/control"
	(cd "$root" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum >DEBIAN/md5sums)
	find "$root" -type d -exec chmod 0755 {} +
	find "$root" -type f ! -path "$root/usr/bin/*" -exec chmod 0644 {} +
	find "$root" -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +
	dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
}

firefox() {
	local b
	for b in "${FIREFOX:-}" firefox-esr firefox /Applications/Firefox.app/Contents/MacOS/firefox; do
		[ -n "$b" ] && command -v "$b" >/dev/null 2>&1 && { command -v "$b"; return; }
	done
	return 1
}

browser() {
	local b
	for b in "${CHROMIUM:-}" chromium chromium-browser google-chrome google-chrome-stable; do
		[ -n "$b" ] && command -v "$b" >/dev/null 2>&1 && { command -v "$b"; return; }
	done
	return 1
}

cmd=${1:-build}
[ $# -gt 0 ] && shift
case "$cmd" in
build)
	build
	;;
test)
	build
	go vet ./...
	# common/ is built into the modules too.
	GOOS=wasip1 GOARCH=wasm go vet ./wasm/... ./common/...
	# The host's code that differs by OS (the lock, the registry) vetted,
	# tests included, for Windows and macOS too; tests/release/release_test.go
	# builds all six release hosts (./build.sh dist).
	GOOS=windows go vet ./nativehost/...
	GOOS=darwin go vet ./nativehost/...
	# The unit tests side by side; then the black-box groups under tests/
	# one at a time (-p 1), as they ran when they were one package: two
	# browser groups never start browsers side by side on the machine,
	# and the .deb test's system-wide install meets no other group's
	# browser (tests/internal/harness).
	# Both run whatever the first says; either failing fails the whole.
	rc=0
	FEEDSCOUT_DIST=$DIST go test -count=1 -timeout 20m $(go list ./... | grep -v '^feedscout/tests/') || rc=1
	FEEDSCOUT_DIST=$DIST go test -p 1 -count=1 -timeout 40m ./tests/... || rc=1
	exit $rc
	;;
bench)
	build
	mkdir -p bench/out
	FEEDSCOUT_DIST=$DIST go test -p 1 -run '^$' -bench . -benchmem -timeout 40m ./... | tee bench/out/bench.txt
	;;
dist)
	build
	release
	;;
install)
	build
	"$DIST/feedscout-host" install "$@"
	;;
run)
	build
	use_firefox=
	if [ "${1:-}" = --firefox ]; then
		use_firefox=1
		shift
	fi
	url=${1:-https://www.theverge.com/}
	if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ "$(uname)" != Darwin ]; then
		echo "build.sh run: no display (DISPLAY and WAYLAND_DISPLAY are unset); start it from a desktop session" >&2
		exit 1
	fi
	if [ -n "$use_firefox" ]; then
		ff=$(firefox) || { echo "build.sh run --firefox: no Firefox found; install one (apt-get install firefox-esr) or set FIREFOX" >&2; exit 1; }
		# Firefox reads host manifests only from the user's folder
		# (~/.mozilla/native-messaging-hosts/), not from a profile.
		"$DIST/feedscout-host" install --browser firefox
		profile=$DIST/firefox-profile
		rm -rf "$profile"
		mkdir -p "$profile"
		exec go run tests/firefox/firefox_run.go "$ff" "$profile" "$DIST/feedscout-firefox.xpi" "$url"
	fi
	chrome=$(browser) || { echo "build.sh run: no Chromium or Chrome found; install one (apt-get install chromium)" >&2; exit 1; }
	case "$chrome" in
	*google-chrome*)
		echo "build.sh run: $chrome ignores --load-extension (Chrome 137+): load $DIST/extension at chrome://extensions (Developer mode, Load unpacked)" >&2
		;;
	esac
	profile=$DIST/profile
	mkdir -p "$profile"
	"$DIST/feedscout-host" install --browser chromium --profile "$profile"
	sandbox=()
	if [ "$(id -u)" -eq 0 ]; then
		# Chromium will not start as root with its sandbox ("Running as
		# root without --no-sandbox is not supported"): the sandbox needs
		# user namespaces a root process does not get. As root (a fresh
		# container) the only way to run it is without.
		echo "build.sh run: running as root, so Chromium runs with --no-sandbox (it refuses to start as root otherwise); run as a normal user to keep its sandbox" >&2
		sandbox=(--no-sandbox)
	fi
	exec "$chrome" "${sandbox[@]}" --user-data-dir="$profile" --no-first-run \
		--load-extension="$DIST/extension" \
		--disable-extensions-except="$DIST/extension" "$url"
	;;
*)
	echo "usage: ./build.sh [build|test|bench|dist|install|run [--firefox] [URL]]" >&2
	exit 2
	;;
esac
