#!/usr/bin/env bash
# What the tests and the benchmarks need on the machine, installed or started when missing:
# PostgreSQL and Redis, Debian's Chromium, Debian's ffmpeg (npm test, npm run bench).
set -euo pipefail
cd "$(dirname "$0")"

bash ensure-services.sh
bash ensure-chromium.sh
bash ensure-ffmpeg.sh
