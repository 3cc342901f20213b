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
	go run tests/firefox_package.go "$DIST/extension" "$DIST/extension-firefox" "$DIST/feedscout-firefox.xpi"
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
	GOOS=wasip1 GOARCH=wasm go vet ./wasm/...
	FEEDSCOUT_DIST=$DIST go test -count=1 -timeout 40m ./...
	;;
bench)
	build
	mkdir -p bench/out
	FEEDSCOUT_DIST=$DIST go test -run '^$' -bench . -benchmem -timeout 40m ./... | tee bench/out/bench.txt
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
		exec go run tests/firefox_run.go "$ff" "$profile" "$DIST/feedscout-firefox.xpi" "$url"
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
	exec "$chrome" --user-data-dir="$profile" --no-first-run \
		--load-extension="$DIST/extension" \
		--disable-extensions-except="$DIST/extension" "$url"
	;;
*)
	echo "usage: ./build.sh [build|test|bench|install|run [--firefox] [URL]]" >&2
	exit 2
	;;
esac
