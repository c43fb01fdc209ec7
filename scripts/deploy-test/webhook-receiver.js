#!/usr/bin/env node
'use strict';
/**
 * The deployment test's webhook receiver, on the host: HTTPS on all addresses
 * (the containers reach it as host.containers.internal), answers 200 and
 * appends one JSON line per request to the log: { path, webhook_id, event, task_id, at }.
 *
 *   node scripts/deploy-test/webhook-receiver.js <cert.pem> <key.pem> <port> <log file>
 */
const fs = require('node:fs');
const https = require('node:https');

const [certPath, keyPath, port, logPath] = process.argv.slice(2);
if (!logPath) {
  console.error('usage: webhook-receiver.js <cert.pem> <key.pem> <port> <log file>');
  process.exit(2);
}
const server = https.createServer({ cert: fs.readFileSync(certPath), key: fs.readFileSync(keyPath) }, (request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let body = null;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      /* logged as a null event */
    }
    const line = {
      path: request.url,
      webhook_id: request.headers['webhook-id'] ?? null,
      event: body?.event ?? null,
      task_id: body?.task_id ?? null,
      at: new Date().toISOString(),
    };
    fs.appendFileSync(logPath, `${JSON.stringify(line)}\n`);
    response.writeHead(200).end();
  });
});
server.listen(Number(port), '0.0.0.0', () => console.log(`webhook receiver listening on ${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
