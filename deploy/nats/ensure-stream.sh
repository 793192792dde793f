#!/bin/sh
# Creates the event stream with three replicas before any GoldLedger process starts
# (the processes create it with one replica when it is missing), or raises an existing
# stream to the settings in the file. Idempotent: run it on every deployment.
# Needs NATS_URL (any node of the cluster) and the nats CLI (natsio/nats-box).
set -eu
config=${STREAM_CONFIG:-/etc/goldledger/stream-es.json}
stream=$(sed -n 's/.*"name": *"\([^"]*\)".*/\1/p' "$config" | head -n 1)
# The cluster needs a few seconds after start to elect a JetStream leader.
tries=0
until nats stream ls --names >/dev/null 2>&1; do
  tries=$((tries + 1))
  if [ "$tries" -ge 60 ]; then
    echo "JetStream at $NATS_URL did not answer in 60 s" >&2
    exit 1
  fi
  sleep 1
done
if nats stream info "$stream" >/dev/null 2>&1; then
  nats stream edit "$stream" --config "$config" --force
  echo "stream $stream updated"
else
  nats stream add "$stream" --config "$config"
  echo "stream $stream created"
fi
