import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The ceiling for bench:api: Fastify alone over HTTPS with the service's
 * certificate, answering the JSON the service answered for the same requests
 * (captured by the bench) with no auth, validation, database or queue.
 *   node dist/bench/support/bare-server.js <cert> <key> <answers.json>
 * Prints the port it listens on.
 */
interface Answers {
  get: unknown;
  list: unknown;
  post: unknown;
}

async function main(): Promise<void> {
  const [certPath, keyPath, answersPath] = process.argv.slice(2);
  const answers = JSON.parse(readFileSync(answersPath, 'utf8')) as Answers;
  const app = Fastify({ https: { cert: readFileSync(certPath), key: readFileSync(keyPath) }, logger: false });
  app.get('/v3/tasks/:taskId', async () => answers.get);
  app.get('/v3/tasks', async () => answers.list);
  app.post('/v3/tasks', async (_request, reply) => reply.code(201).send(answers.post));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bare server failed: ${String(error)}\n`);
  process.exit(1);
});
