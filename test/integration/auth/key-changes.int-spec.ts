import Redis from 'ioredis';
import { KeyChangeListener, KeyGeneration } from '../../../src/auth/key-changes';
import { createCommandClient, createSubscriberClient, whenConnected } from '../../../src/queue/redis-target';

const TARGET = { url: 'redis://127.0.0.1:6379' };

/** Against the shared Redis on 127.0.0.1:6379, under a prefix of this run only. */
describe('key changes announced by pub/sub', () => {
  const prefix = `rs-key-changes-test-${process.pid}-${Date.now()}`;
  let redis: Redis;
  let generations: KeyGeneration;
  const listeners: KeyChangeListener[] = [];
  const commandClients: Redis[] = [];

  /** An API process's listener, on its own connections, with the Redis reads it makes counted. */
  async function listener(subscribeAt: { url: string } = TARGET): Promise<{ listener: KeyChangeListener; subscriber: Redis; reads: () => number }> {
    const command = createCommandClient(TARGET);
    commandClients.push(command);
    await whenConnected(command, 2_000);
    let reads = 0;
    const own = new KeyGeneration(command, prefix);
    const read = own.read.bind(own);
    own.read = () => {
      reads += 1;
      return read();
    };
    const subscriber = createSubscriberClient(subscribeAt);
    const created = new KeyChangeListener(subscriber, own);
    created.start();
    listeners.push(created);
    if (subscribeAt === TARGET) await waitFor(async () => created.listening);
    return { listener: created, subscriber, reads: () => reads };
  }

  beforeAll(async () => {
    redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    generations = new KeyGeneration(redis, prefix);
  });
  afterEach(() => {
    for (const created of listeners.splice(0)) created.stop();
    for (const client of commandClients.splice(0)) client.disconnect();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('returns from an announcement once every listening process holds the new generation, which they then serve without reading Redis', async () => {
    const first = await listener();
    const second = await listener();
    await generations.announce();
    const announced = await redis.get(`${prefix}:auth:key-generation`);
    expect(announced).toMatch(/^[0-9a-f]{24}$/);
    // Read synchronously after the announcement returned: no message is still in flight.
    const readsBefore = first.reads() + second.reads();
    expect(await first.listener.read()).toBe(announced);
    expect(await second.listener.read()).toBe(announced);
    expect(first.reads() + second.reads()).toBe(readsBefore);
    expect(await redis.keys(`${prefix}:auth:key-change-acks:*`)).toEqual([]);
  });

  it('reads the generation in Redis on every request while its subscription is down', async () => {
    const { listener: deaf, reads } = await listener({ url: 'redis://127.0.0.1:1' });
    expect(deaf.listening).toBe(false);
    await generations.announce();
    expect(await deaf.read()).toBe(await redis.get(`${prefix}:auth:key-generation`));
    expect(await deaf.read()).toBe(await redis.get(`${prefix}:auth:key-generation`));
    expect(reads()).toBe(2);
  });

  it('listens again after its connection is cut, and then hears announcements', async () => {
    const { listener: cut, subscriber, reads } = await listener();
    await redis.client('KILL', 'ADDR', `127.0.0.1:${String(subscriber.stream.localPort)}`);
    await waitFor(async () => !cut.listening);
    await waitFor(async () => cut.listening);
    await generations.announce();
    const before = reads();
    expect(await cut.read()).toBe(await redis.get(`${prefix}:auth:key-generation`));
    expect(reads()).toBe(before);
  });

  it('fails an announcement that a subscribed process does not confirm, naming how many did not', async () => {
    const silent = new Redis('redis://127.0.0.1:6379');
    try {
      await silent.subscribe(generations.channel);
      const started = Date.now();
      await expect(generations.announce()).rejects.toThrow('1 of 1 API processes did not confirm within 2 s');
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    } finally {
      silent.disconnect();
    }
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
