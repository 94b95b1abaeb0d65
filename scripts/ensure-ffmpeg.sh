#!/usr/bin/env bash
# Installs the ffmpeg the media sandbox makes and reads its files with (src/media/files/ffmpeg.ts),
# when it is missing. Debian's package: a static build downloaded from elsewhere would reach outside
# the package registries.
set -euo pipefail

if command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; then exit 0; fi
echo "ensure-ffmpeg: installing Debian's ffmpeg"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends ffmpeg >/dev/null
echo "ensure-ffmpeg: installed $(ffmpeg -version | head -n 1)"
