import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database as SqliteConnection } from 'sqlite3';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { SqliteReader } from './sqlite-reader';
import { StatementCache } from './statement-cache';

/**
 * The data source and the unit of work every repository shares. A service opens
 * a unit of work with `transaction(work)`; every repository call made inside
 * `work` (however deep) runs in that transaction, because the transaction's
 * manager travels with the async context, not through the services' arguments.
 * Outside a unit of work each call runs on its own.
 *
 * SQLite has a single connection per process, so its transactions are queued
 * here rather than interleaved; PostgreSQL runs them concurrently. A unit of
 * work opened inside another joins it (SQLite would otherwise wait on itself).
 */
export class Database {
  private sqliteQueue: Promise<unknown> = Promise.resolve();
  private readonly current = new AsyncLocalStorage<EntityManager>();
  /** The writing connection's kept statements (SQLite). */
  private readonly statements: StatementCache;
  private readonly hydration = new Map<EntityTarget<ObjectLiteral>, Map<string, ColumnMetadata>>();
  private readonly inserts = new Map<EntityTarget<ObjectLiteral>, Map<number, { sql: string; columns: ColumnMetadata[] }>>();

  /** `reader` (SQLite only) answers the raw SELECTs made outside a unit of work. */
  constructor(
    private readonly dataSource: DataSource,
    private readonly reader: SqliteReader | null = null,
  ) {
    this.statements = new StatementCache(() => (dataSource.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection);
  }

  get isPostgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  /** Whether the caller runs inside a unit of work (its reads must see that work's writes). */
  get inUnitOfWork(): boolean {
    return this.current.getStore() !== undefined;
  }

  /** Runs `work` as one unit of work. */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.inUnitOfWork) return work();
    const run = () => this.dataSource.transaction((manager) => this.current.run(manager, work));
    if (this.isPostgres) return run();
    const queued = this.sqliteQueue.then(run);
    this.sqliteQueue = queued.catch(() => undefined);
    return queued;
  }

  /** For repositories: the manager of the unit of work in progress, else the data source's own. */
  manager(): EntityManager {
    return this.current.getStore() ?? this.dataSource.manager;
  }

  repository<Entity extends ObjectLiteral>(entity: EntityTarget<Entity>): Repository<Entity> {
    return this.manager().getRepository(entity);
  }

  /**
   * A raw SELECT (placeholders from `placeholder`) for the hottest reads, without
   * TypeORM's query builder. On SQLite the statement is prepared once per process
   * and reused. Outside a unit of work it runs on the read-only reader, which
   * sees the last commit; inside one it runs on the writing connection, so it
   * sees that work as TypeORM's own queries do. On PostgreSQL it runs through the
   * manager of the unit of work in progress, if any.
   */
  async select<Row extends ObjectLiteral>(sql: string, params: unknown[]): Promise<Row[]> {
    if (this.isPostgres) return this.manager().query(sql, params);
    if (this.reader && !this.inUnitOfWork) return this.reader.all<Row>(sql, params);
    return this.statements.all<Row>(sql, params);
  }

  /**
   * Inserts rows of an entity in one statement, built once per entity and row count (every column, values
   * converted as TypeORM converts them: transformers, then the driver), in the unit of work in progress if
   * any. For the writes on a create's path: TypeORM's own insert on SQLite writes numbers into the SQL text,
   * a new statement to prepare every time; this one is prepared once and reused, and a batch of creates
   * writes its tasks in one round trip.
   */
  async insertRows<Entity extends ObjectLiteral>(entity: EntityTarget<Entity>, rows: readonly Entity[]): Promise<void> {
    if (rows.length === 0) return;
    const { sql, columns } = this.insertStatement(entity, rows.length);
    const driver = this.dataSource.driver;
    // The driver applies the column's transformer, then its type's conversion (typed `any`, hence the cast).
    const params = rows.flatMap((row) => columns.map((column) => (driver.preparePersistentValue(column.getEntityValue(row), column) as unknown) ?? null));
    if (this.isPostgres) {
      await this.manager().query(sql, params);
      return;
    }
    await this.statements.run(sql, params);
  }

  private insertStatement(entity: EntityTarget<ObjectLiteral>, rowCount: number): { sql: string; columns: ColumnMetadata[] } {
    let byCount = this.inserts.get(entity);
    if (!byCount) {
      byCount = new Map();
      this.inserts.set(entity, byCount);
    }
    let statement = byCount.get(rowCount);
    if (!statement) {
      const metadata = this.dataSource.getMetadata(entity);
      const columns = metadata.columns;
      const names = columns.map((column) => column.databaseName).join(', ');
      const rows = Array.from({ length: rowCount }, (_, row) => `(${columns.map((_, i) => this.placeholder(row * columns.length + i + 1)).join(', ')})`);
      statement = { sql: `INSERT INTO ${metadata.tableName} (${names}) VALUES ${rows.join(', ')}`, columns };
      byCount.set(rowCount, statement);
    }
    return statement;
  }

  /** Rows of `select` as entity properties, converted as TypeORM converts them (column types, transformers); only the columns present are set. */
  hydrate<Entity extends ObjectLiteral, Fields extends keyof Entity = keyof Entity>(
    entity: EntityTarget<Entity>,
    rows: ObjectLiteral[],
  ): Array<Pick<Entity, Fields>> {
    const columns = this.columnsByName(entity);
    const driver = this.dataSource.driver;
    return rows.map((row) => {
      const values: ObjectLiteral = {};
      for (const name of Object.keys(row)) {
        const column = columns.get(name);
        // The driver's conversion is typed `any`; the column's type and transformer decide the value.
        if (column) values[column.propertyName] = driver.prepareHydratedValue(row[name], column) as unknown;
      }
      return values as Pick<Entity, Fields>;
    });
  }

  /** The column names of some of an entity's properties, as a SELECT list for `select`. */
  columnList<Entity extends ObjectLiteral>(entity: EntityTarget<Entity>, properties: ReadonlyArray<keyof Entity & string>): string {
    const metadata = this.dataSource.getMetadata(entity);
    return properties
      .map((property) => {
        const column = metadata.findColumnWithPropertyName(property);
        if (!column) throw new Error(`${metadata.name} has no column for ${property}`);
        return column.databaseName;
      })
      .join(', ');
  }

  private columnsByName(entity: EntityTarget<ObjectLiteral>): Map<string, ColumnMetadata> {
    let columns = this.hydration.get(entity);
    if (!columns) {
      columns = new Map(this.dataSource.getMetadata(entity).columns.map((column) => [column.databaseName, column]));
      this.hydration.set(entity, columns);
    }
    return columns;
  }

  /** Placeholder of parameter `n` (1-based) of a raw statement, in the engine's syntax; numbered on both, so a statement may use one twice. */
  placeholder(n: number): string {
    return this.isPostgres ? `$${n}` : `?${n}`;
  }

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.statements.finalizeAll();
    await this.reader?.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** Whether an error is a unique-constraint violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string }; message?: string };
  const code = e.code ?? e.driverError?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT' || /UNIQUE constraint failed/.test(e.message ?? '');
}
