import type { Database as SqliteConnection, Statement } from 'sqlite3';

/** Statements of one sqlite3 connection, each prepared once and reused. */
export class StatementCache {
  private readonly statements = new Map<string, Promise<Statement>>();

  constructor(private readonly connection: () => SqliteConnection) {}

  /** A statement that failed to prepare is forgotten (and its error thrown): sqlite3 would never answer a call on it. */
  get(sql: string): Promise<Statement> {
    let statement = this.statements.get(sql);
    if (!statement) {
      const connection = this.connection();
      statement = new Promise<Statement>((resolve, reject) => {
        const prepared = connection.prepare(sql, (error: Error | null) => (error ? reject(error) : resolve(prepared)));
      });
      statement.catch(() => this.statements.delete(sql));
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Every row of a SELECT run on its kept statement. */
  async all<Row>(sql: string, params: readonly unknown[]): Promise<Row[]> {
    const statement = await this.get(sql);
    return new Promise((resolve, reject) => statement.all<Row>(params, (error, rows) => (error ? reject(error) : resolve(rows))));
  }

  /** Before the connection closes: SQLite refuses to close one with statements not finalized. */
  async finalizeAll(): Promise<void> {
    const statements = await Promise.allSettled([...this.statements.values()]);
    this.statements.clear();
    for (const settled of statements) {
      if (settled.status === 'fulfilled') await new Promise((resolve) => settled.value.finalize(() => resolve(undefined)));
    }
  }
}
