import { KeyedReadBatcher } from './keyed-read-batcher';

interface Row {
  id: string;
  n: number;
}

function recordingBatcher(maxKeys: number, fail = false) {
  const calls: string[][] = [];
  const batcher = new KeyedReadBatcher<Row>(
    async (keys) => {
      calls.push(keys);
      if (fail) throw new Error('read failed');
      return keys.filter((key) => !key.startsWith('missing')).map((id) => ({ id, n: Number(id.slice(1)) }));
    },
    (row) => row.id,
    maxKeys,
  );
  return { batcher, calls };
}

describe('KeyedReadBatcher', () => {
  it('answers the reads asked for in one turn with one read of their distinct keys', async () => {
    const { batcher, calls } = recordingBatcher(16);
    const rows = await Promise.all(['k1', 'k2', 'k1', 'missing', 'k3'].map((key) => batcher.get(key)));
    expect(calls).toEqual([['k1', 'k2', 'missing', 'k3']]);
    expect(rows).toEqual([{ id: 'k1', n: 1 }, { id: 'k2', n: 2 }, { id: 'k1', n: 1 }, undefined, { id: 'k3', n: 3 }]);
  });

  it('splits a turn into reads of at most maxKeys keys', async () => {
    const { batcher, calls } = recordingBatcher(2);
    const rows = await Promise.all(['k1', 'k2', 'k3', 'k4', 'k5'].map((key) => batcher.get(key)));
    expect(calls).toEqual([['k1', 'k2'], ['k3', 'k4'], ['k5']]);
    expect(rows.map((row) => row?.n)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads again for keys asked for after a turn ended', async () => {
    const { batcher, calls } = recordingBatcher(16);
    await batcher.get('k1');
    await batcher.get('k1');
    expect(calls).toEqual([['k1'], ['k1']]);
  });

  it("rejects every read of a failed statement's keys", async () => {
    const { batcher } = recordingBatcher(16, true);
    const outcomes = await Promise.allSettled([batcher.get('k1'), batcher.get('k2')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });
});
