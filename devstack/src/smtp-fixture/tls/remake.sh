#!/bin/sh
# Remakes the SMTP fixture's test CA and server certificate (20 years), when a fixture MX host is added or they near
# their end: `sh devstack/src/smtp-fixture/tls/remake.sh`, then commit ca.pem, server.pem and server-key.pem. The CA's
# key is thrown away: nothing but this script signs with it. The names are every MX host the fixture plays: mx.<domain>
# for each of the DNS fixture's SMTP_FIXTURE_DOMAINS, and yahoo.com's MX hosts (the unit tests check the list).
set -eu
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
names=""
for domain in mailbox catch-all greylist always-grey blocked busy closing stalling tls slow \
  $(seq -f "probe-bench-%02g" 0 19); do
  names="${names}DNS:mx.${domain}.test,"
done
names="${names}DNS:mta5.am0.yahoodns.net,DNS:mta6.am0.yahoodns.net,DNS:mta7.am0.yahoodns.net"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$work/ca-key.pem" -out ca.pem \
  -days 7300 -subj "/CN=MailScout SMTP fixture CA" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout server-key.pem -out "$work/server.csr" \
  -subj "/CN=mx.mailbox.test"
printf "subjectAltName=%s\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n" \
  "$names" >"$work/extensions.cnf"
openssl x509 -req -in "$work/server.csr" -CA ca.pem -CAkey "$work/ca-key.pem" -CAcreateserial \
  -CAserial "$work/ca.srl" -out server.pem -days 7300 -extfile "$work/extensions.cnf"
