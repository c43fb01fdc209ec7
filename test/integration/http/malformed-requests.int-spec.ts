/**
 * A request Node's parser refuses is answered in the envelope and the
 * connection ends gracefully: a client still sending when the refusal comes
 * (a body on its way, its own close) must not get a reset, which can destroy
 * the answer before the client has read it.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { refuseMalformedConnection } from '../../../src/app/framework-errors';

interface RawAnswer {
  text: string;
  error: string | null;
}

describe('refused malformed requests', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_request, response) => response.end('routed'));
    server.on('clientError', refuseMalformedConnection);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /**
   * Writes `head`; once the server has answered and ended its side, writes
   * `late` (what a client still streaming its request sends), then ends.
   * A socket error is reported, not thrown.
   */
  function exchange(head: string, late: Buffer): Promise<RawAnswer> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let error: string | null = null;
      const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true }, () => socket.write(Buffer.from(head, 'latin1')));
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => setTimeout(() => socket.write(late, () => setTimeout(() => socket.end(), 100)), 50));
      socket.on('error', (e: NodeJS.ErrnoException) => {
        error = e.code ?? e.message;
      });
      socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), error }));
    });
  }

  it('answers 400 in the envelope and takes what the client still sends without resetting it', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => exchange('GET /v3/tasks\u0000 HTTP/1.1\r\nHost: x\r\n', Buffer.alloc(16 * 1024, 'a'))));
    for (const answer of answers) {
      expect(answer.text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      const body = JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4)) as { error: { code: string } };
      expect(body).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'The request could not be parsed', request_id: expect.stringMatching(/^req_/) } });
      expect(answer.error).toBeNull();
    }
  });

  it('answers 431 to headers over the limit, the same way', async () => {
    const answer = await exchange(`GET /v3/tasks HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(64 * 1024)}`, Buffer.from('\r\n\r\n'));
    expect(answer.text).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(answer.error).toBeNull();
  });
});
