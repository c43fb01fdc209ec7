import { settleAll, TurnGatherer, type Gathered } from './turn-gatherer';

/**
 * Reads of single rows by key that arrive together, answered by one statement.
 * Reads asked for in the same turn of the event loop (TurnGatherer) go, once
 * the turn ends, in one `WHERE key IN (...)` of at most `maxKeys` keys. On
 * SQLite each statement is a round trip through libuv's thread pool, which
 * costs more than the read of a row by primary key: polling clients' reads then
 * share their round trips.
 */
export class KeyedReadBatcher<Row> {
  private readonly gatherer = new TurnGatherer<Row | undefined, null>((turn) => this.read(turn));

  constructor(
    /** The rows of these keys (some may be missing). */
    private readonly readKeys: (keys: string[]) => Promise<Row[]>,
    private readonly keyOf: (row: Row) => string,
    private readonly maxKeys: number,
  ) {}

  get(key: string): Promise<Row | undefined> {
    return this.gatherer.join(key, null);
  }

  private read(turn: Map<string, Gathered<Row | undefined, null>>): void {
    const keys = [...turn.keys()];
    for (let start = 0; start < keys.length; start += this.maxKeys) {
      const chunk = keys.slice(start, start + this.maxKeys);
      const rows = this.readKeys(chunk).then((read) => new Map(read.map((row) => [this.keyOf(row), row])));
      for (const key of chunk)
        settleAll(
          turn.get(key)?.waiters ?? [],
          rows.then((byKey) => byKey.get(key)),
        );
    }
  }
}
