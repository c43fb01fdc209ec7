import type { Job } from 'bull';
import { BulkAdder, type BulkJob } from './bulk-adder';

const job = (id: string): BulkJob => ({ data: { id }, opts: { jobId: id } });

describe('BulkAdder', () => {
  it('sends the adds of one turn of the event loop as one batch, in order, and the next turn as another', async () => {
    const batches: string[][] = [];
    const adder = new BulkAdder((jobs) => {
      batches.push(jobs.map((j) => String(j.opts.jobId)));
      return Promise.resolve([] as Job[]);
    });
    await Promise.all(['a', 'b', 'c'].map((id) => adder.add(job(id))));
    await adder.add(job('d'));
    expect(batches).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('fails every add of a batch that Redis refuses, and only that batch', async () => {
    let calls = 0;
    const adder = new BulkAdder(() => (++calls === 1 ? Promise.reject(new Error('READONLY')) : Promise.resolve([] as Job[])));
    const first = await Promise.allSettled([adder.add(job('a')), adder.add(job('b'))]);
    expect(first.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok'))).toEqual(['READONLY', 'READONLY']);
    await expect(adder.add(job('c'))).resolves.toBeUndefined();
  });

  it('turns a synchronous throw of the bulk call into rejections', async () => {
    const adder = new BulkAdder(() => {
      throw new Error('closed');
    });
    await expect(adder.add(job('a'))).rejects.toThrow('closed');
  });
});
