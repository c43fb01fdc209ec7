import { SameTurnReads } from './same-turn-reads';

function countingRead(answer: string, fail = false) {
  const read = jest.fn(async () => {
    if (fail) throw new Error(`${answer} failed`);
    return { answer };
  });
  return read;
}

describe('SameTurnReads', () => {
  it('reads once for the calls of one turn with one key, and once per other key', async () => {
    const reads = new SameTurnReads<{ answer: string }>();
    const pageA = countingRead('a');
    const pageB = countingRead('b');
    const answers = await Promise.all([reads.get('a', pageA), reads.get('b', pageB), reads.get('a', countingRead('a again'))]);
    expect(pageA).toHaveBeenCalledTimes(1);
    expect(pageB).toHaveBeenCalledTimes(1);
    expect(answers.map(({ answer }) => answer)).toEqual(['a', 'b', 'a']);
    expect(answers[2]).toBe(answers[0]);
  });

  it('starts the read only when the turn ends, so a call made later in the turn still joins it', async () => {
    const reads = new SameTurnReads<{ answer: string }>();
    const read = countingRead('a');
    const first = reads.get('a', read);
    expect(read).not.toHaveBeenCalled();
    await Promise.resolve();
    const second = reads.get('a', countingRead('never'));
    expect(await second).toBe(await first);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads again for a call made after the turn ended', async () => {
    const reads = new SameTurnReads<{ answer: string }>();
    const read = countingRead('a');
    const first = await reads.get('a', read);
    const second = await reads.get('a', read);
    expect(read).toHaveBeenCalledTimes(2);
    expect(second).not.toBe(first);
  });

  it('gives a failed read to every call that shared it, and to no other', async () => {
    const reads = new SameTurnReads<{ answer: string }>();
    const failing = countingRead('a', true);
    const results = await Promise.allSettled([reads.get('a', failing), reads.get('a', failing), reads.get('b', countingRead('b'))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
