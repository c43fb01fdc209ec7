/**
 * Reads of single rows by key that arrive together, answered by one statement.
 * Reads asked for in the same turn of the event loop (requests parsed from
 * the same batch of socket reads) wait until the turn ends, then go in one
 * `WHERE key IN (...)` of at most `maxKeys` keys. On SQLite each statement is
 * a round trip through libuv's thread pool, which costs more than the read of
 * a row by primary key: polling clients' reads then share their round trips.
 */
export class KeyedReadBatcher<Row> {
  private pending = new Map<string, Array<{ resolve: (row: Row | undefined) => void; reject: (error: unknown) => void }>>();
  private scheduled = false;

  constructor(
    /** The rows of these keys (some may be missing). */
    private readonly readKeys: (keys: string[]) => Promise<Row[]>,
    private readonly keyOf: (row: Row) => string,
    private readonly maxKeys: number,
  ) {}

  get(key: string): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += this.maxKeys) {
      const chunk = keys.slice(start, start + this.maxKeys);
      this.readKeys(chunk).then(
        (rows) => {
          const byKey = new Map(rows.map((row) => [this.keyOf(row), row]));
          for (const key of chunk) for (const waiter of batch.get(key) ?? []) waiter.resolve(byKey.get(key));
        },
        (error: unknown) => {
          for (const key of chunk) for (const waiter of batch.get(key) ?? []) waiter.reject(error);
        },
      );
    }
  }
}
