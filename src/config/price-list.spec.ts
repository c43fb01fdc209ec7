import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PRICE_LIST, parsePriceList, readPriceListFile, renderCostUsd } from './price-list';

describe('price list', () => {
  it('prices a render per output minute by model and quality, times the priority multiplier', () => {
    expect(renderCostUsd(DEFAULT_PRICE_LIST, 'standard', 'standard', 'standard', 2)).toBe(0.1);
    expect(renderCostUsd(DEFAULT_PRICE_LIST, 'premium', 'high', 'urgent', 0.5)).toBe(0.16);
    expect(renderCostUsd(DEFAULT_PRICE_LIST, 'standard', 'draft', 'low', 3)).toBe(0.048);
    expect(renderCostUsd(DEFAULT_PRICE_LIST, 'premium', 'premium', 'high', 1)).toBe(0.36);
  });

  it('makes low cheaper and high and urgent dearer than standard', () => {
    const { low, standard, high, urgent } = DEFAULT_PRICE_LIST.priorityMultiplier;
    expect(low).toBeLessThan(standard);
    expect(high).toBeGreaterThan(standard);
    expect(urgent).toBeGreaterThan(high);
  });

  it('merges a partial file over the defaults', () => {
    const found = parsePriceList(JSON.stringify({ perOutputMinuteUsd: { premium: { draft: 1 } }, bandwidthPerGbUsd: 0.5 }));
    expect(found).toEqual({
      prices: {
        ...DEFAULT_PRICE_LIST,
        perOutputMinuteUsd: {
          standard: DEFAULT_PRICE_LIST.perOutputMinuteUsd.standard,
          premium: { ...DEFAULT_PRICE_LIST.perOutputMinuteUsd.premium, draft: 1 },
        },
        bandwidthPerGbUsd: 0.5,
      },
    });
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['an unknown key', '{"storagePerGbMonth": 1}', /storagePerGbMonth/],
    ['an unknown model', '{"perOutputMinuteUsd": {"enterprise": {"draft": 1}}}', /enterprise/],
    ['a negative price', '{"bandwidthPerGbUsd": -1}', /bandwidthPerGbUsd/],
    ['a string price', '{"perOutputMinuteUsd": {"standard": {"high": "0.1"}}}', /perOutputMinuteUsd\.standard\.high/],
    ['low dearer than standard', '{"priorityMultiplier": {"low": 1.2}}', /low must not exceed/],
    ['urgent cheaper than high', '{"priorityMultiplier": {"urgent": 1.1}}', /urgent must not be below/],
    ['an array', '[]', /\(root\)/],
  ])('refuses %s', (_label, text, message) => {
    const found = parsePriceList(text);
    expect('problems' in found && found.problems.join('\n')).toMatch(message);
  });

  it('reads PRICE_LIST_FILE and names the variable in every problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prices-'));
    const good = join(dir, 'good.json');
    const bad = join(dir, 'bad.json');
    writeFileSync(good, JSON.stringify({ storagePerGbMonthUsd: 0.5 }));
    writeFileSync(bad, JSON.stringify({ storagePerGbMonthUsd: 'free' }));
    const problems: string[] = [];
    expect(readPriceListFile(null, problems)).toBe(DEFAULT_PRICE_LIST);
    expect(readPriceListFile(good, problems).storagePerGbMonthUsd).toBe(0.5);
    expect(problems).toEqual([]);
    expect(readPriceListFile(bad, problems)).toBe(DEFAULT_PRICE_LIST);
    expect(readPriceListFile(join(dir, 'missing.json'), problems)).toBe(DEFAULT_PRICE_LIST);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^PRICE_LIST_FILE=".*bad\.json": storagePerGbMonthUsd: /);
    expect(problems[1]).toMatch(/^PRICE_LIST_FILE=".*missing\.json" cannot be read/);
  });
});
