#!/usr/bin/env bash
# Installs Debian's Chromium (the scraping endpoints' browser, driven through playwright-core) and
# the fonts it needs to draw the world's pages, when they are missing: without a CJK font,
# screenshots and PDFs of Chinese, Japanese or Korean text show empty boxes, and without an emoji
# font, emoji. Debian's packages: playwright's own browser download would reach outside the
# package registries.
set -euo pipefail

packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
fc-list :lang=ja family 2>/dev/null | grep -q . || packages+=(fonts-noto-cjk)
fc-list 2>/dev/null | grep -qi 'color emoji' || packages+=(fonts-noto-color-emoji)
if [ ${#packages[@]} -eq 0 ]; then exit 0; fi
echo "ensure-chromium: installing ${packages[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${packages[@]}" >/dev/null
