#!/usr/bin/env bash
# Installs the Chromium the /docs page test drives (through playwright-core), when it is missing.
# Debian's package: playwright's own browser download would reach outside the package registries.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "ensure-chromium: installing Debian's chromium"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
