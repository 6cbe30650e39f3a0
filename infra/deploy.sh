#!/bin/sh
# Deploys every stack of a stage, then uploads the built web app to its bucket.
# Usage (from the repository root): npm run deploy -- -c stage=<name> [--parameters ev-<name>-alarms:AlarmEmail=<e-mail>]
set -eu
cd "$(dirname "$0")"
rm -f cdk.out/outputs.json
cdk deploy --all --require-approval never --outputs-file cdk.out/outputs.json "$@"
node --import tsx publish-web.ts cdk.out/outputs.json
