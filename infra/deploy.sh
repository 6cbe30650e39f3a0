#!/bin/sh
# Deploys every stack of a stage, then uploads the built web app to its bucket.
# Usage (from the repository root): npm run deploy -- -c stage=<name> [--parameters ev-<name>-alarms:AlarmEmail=<e-mail>]
set -eu
cd "$(dirname "$0")"
rm -f cdk.out/outputs.json
# What the operators' server card shows of this deploy (docs/admin.md "Servers").
EV_VERSION="${EV_VERSION:-$(git rev-parse --short HEAD 2>/dev/null || echo unversioned)}"
EV_DEPLOYED_AT="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
export EV_VERSION EV_DEPLOYED_AT
cdk deploy --all --require-approval never --outputs-file cdk.out/outputs.json "$@"
node --import tsx publish-web.ts cdk.out/outputs.json
