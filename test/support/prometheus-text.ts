/**
 * The samples of a Prometheus text exposition (version 0.0.4), keyed by name and
 * labels in a canonical order, so tests can read one value and compare scrapes.
 */
export class PrometheusSamples {
  private readonly samples = new Map<string, number>();
  readonly types = new Map<string, string>();

  constructor(text: string) {
    for (const line of text.split('\n')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type) this.types.set(type[1], type[2]);
      if (line === '' || line.startsWith('#')) continue;
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const label of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[label[1]] = label[2];
      this.samples.set(sampleKey(match[1], labels), Number(match[3]));
    }
  }

  /** The value of one sample; undefined when the exposition does not have it. */
  value(name: string, labels: Record<string, string> = {}): number | undefined {
    return this.samples.get(sampleKey(name, labels));
  }

  /** The value of one sample, or 0 when the series does not exist yet (counters before their first increment). */
  valueOrZero(name: string, labels: Record<string, string> = {}): number {
    return this.value(name, labels) ?? 0;
  }

  /** Every sample of a name, with its labels. */
  series(name: string): Array<{ labels: Record<string, string>; value: number }> {
    return [...this.samples.entries()]
      .filter(([key]) => key === name || key.startsWith(`${name}{`))
      .map(([key, value]) => ({ labels: JSON.parse(key.slice(name.length) || '{}') as Record<string, string>, value }));
  }
}

function sampleKey(name: string, labels: Record<string, string>): string {
  const sorted = Object.keys(labels)
    .sort()
    .map((key) => [key, labels[key]]);
  return sorted.length === 0 ? name : `${name}${JSON.stringify(Object.fromEntries(sorted))}`;
}
