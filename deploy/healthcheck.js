#!/usr/bin/env node
'use strict';
/**
 * Container health check of an API process (ROLE=api or all): exits 0 when its
 * own GET /readyz (or the path given) answers 200, else 1. It asks the process
 * in the same container over loopback, so the certificate is not verified (a
 * self-signed one is made per process when TLS_CERT is unset).
 *
 *   node deploy/healthcheck.js [/readyz|/healthz]
 */
const http = require('node:http');
const https = require('node:https');

const path = process.argv[2] || '/readyz';
const env = process.env;
if (env.ROLE === 'worker') {
  console.error('healthcheck: a worker serves no HTTP; its container lives as long as its process (tini exits with it)');
  process.exit(1);
}
const plain = (env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1') && !env.TLS_CERT;
const client = plain ? http : https;
const request = client.get({ host: '127.0.0.1', port: Number(env.PORT || 8443), path, rejectUnauthorized: false, timeout: 4000 }, (response) => {
  response.resume();
  if (response.statusCode !== 200) console.error(`healthcheck: ${path} answered ${response.statusCode}`);
  process.exit(response.statusCode === 200 ? 0 : 1);
});
request.on('timeout', () => request.destroy(new Error(`no answer within 4 s`)));
request.on('error', (error) => {
  console.error(`healthcheck: ${path}: ${error.message}`);
  process.exit(1);
});
