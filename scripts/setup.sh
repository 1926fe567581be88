#!/usr/bin/env bash
# Installs what browserflow needs on Debian/Ubuntu with Node 20: Chromium and
# its headless shell (what headless flows run on), chromedriver, ffmpeg, tesseract (OCR, tests only) and a Java runtime (for the Selenium Grid the tests
# start) from apt (only when missing), then the npm packages, then the
# Selenium server jar.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || need+=(chromium-headless-shell)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
# OCR, for the tests that prove no picture shows a secret.
command -v tesseract >/dev/null 2>&1 || need+=(tesseract-ocr)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "setup: installing ${need[*]} with apt-get"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "setup: Node.js 20 or newer is required (found $(node --version))" >&2
  exit 1
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi
# The official Selenium server jar ships inside the npm package
# @nightwatch/selenium-server, whose install script would download it again
# from GitHub (unreachable here), so the jar is taken from the package's
# tarball instead. Used only by tests and benchmarks (a real Grid).
jar=.cache/selenium/selenium-server-4.20.0.jar
if [ ! -s "$jar" ]; then
  echo "setup: fetching the Selenium server jar (npm @nightwatch/selenium-server@4.20.0)"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent @nightwatch/selenium-server@4.20.0 >/dev/null && tar xzf nightwatch-selenium-server-4.20.0.tgz package/lib/selenium-server-4.20.0.jar)
  mkdir -p .cache/selenium
  mv "$tmp/package/lib/selenium-server-4.20.0.jar" "$jar"
  rm -rf "$tmp"
fi
echo "setup: ready (chromium: $(command -v chromium), ffmpeg: $(command -v ffmpeg))"
