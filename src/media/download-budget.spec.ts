import { DownloadBudget } from './download-budget';

describe('DownloadBudget', () => {
  it('lets files through until their total passes the budget, then names the limit and the file', () => {
    const budget = new DownloadBudget(1_000);
    budget.charge('https://m.example/a.mp4', 600);
    expect(budget.remaining()).toBe(400);
    budget.charge('https://m.example/b.mp4', 400);
    expect(budget.remaining()).toBe(0);
    expect(() => budget.charge('https://m.example/c.png', 1)).toThrow(
      expect.objectContaining({
        code: 'FILE_TOO_LARGE',
        retryPossible: false,
        details: { media_url: 'https://m.example/c.png', max_task_bytes: 1_000 },
        message: expect.stringMatching(/MEDIA_TASK_MAX_BYTES/),
      }),
    );
  });
});
