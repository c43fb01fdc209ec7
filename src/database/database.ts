import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database as SqliteConnection } from 'sqlite3';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { SqliteReader } from './sqlite-reader';
import { StatementCache } from './statement-cache';

/** Most units of work one SQLite transaction carries (see `transaction`'s `groupable`). */
const MAX_GROUP = 32;

interface GroupedWork {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

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
  /** The group of units of work waiting for the SQLite connection that a groupable one may still join. */
  private openGroup: GroupedWork[] | null = null;
  private readonly current = new AsyncLocalStorage<EntityManager>();
  /** The writing connection's kept statements (SQLite). */
  private readonly statements: StatementCache;
  private readonly hydration = new Map<EntityTarget<ObjectLiteral>, Map<string, ColumnMetadata>>();
  private readonly inserts = new Map<EntityTarget<ObjectLiteral>, { sql: string; columns: ColumnMetadata[] }>();

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

  /**
   * Runs `work` as one unit of work. On SQLite, `groupable` work waiting for the connection shares one
   * transaction with the groupable work queued beside it: each runs in turn and sees the writes of those
   * before it, as if alone, and one commit (its WAL writes, and the thread-pool round trips of BEGIN and
   * COMMIT) serves them all. So groupable work must only read and write the database: when one work of a
   * group fails, or the commit does, nothing of the group is kept and each of its works runs again alone.
   */
  transaction<T>(work: () => Promise<T>, options: { groupable?: boolean } = {}): Promise<T> {
    if (this.inUnitOfWork) return work();
    if (this.isPostgres) return this.runAlone(work);
    if (!options.groupable) {
      // Work queued after it waits for it: later groupable work starts a new group.
      this.openGroup = null;
      const queued = this.sqliteQueue.then(() => this.runAlone(work));
      this.sqliteQueue = queued.catch(() => undefined);
      return queued;
    }
    const group = this.openGroup !== null && this.openGroup.length < MAX_GROUP ? this.openGroup : this.queueGroup();
    return new Promise<T>((resolve, reject) => group.push({ work, resolve: resolve as (value: unknown) => void, reject }));
  }

  /** A new group at the end of the queue, open to groupable work until the connection takes it. */
  private queueGroup(): GroupedWork[] {
    const group: GroupedWork[] = [];
    this.openGroup = group;
    this.sqliteQueue = this.sqliteQueue.then(() => {
      if (this.openGroup === group) this.openGroup = null;
      return this.runGroup(group);
    });
    return group;
  }

  private runAlone<T>(work: () => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => this.current.run(manager, work));
  }

  private async runGroup(group: GroupedWork[]): Promise<void> {
    if (group.length > 1) {
      const results = await this.runAlone(async () => {
        const done: unknown[] = [];
        for (const { work } of group) done.push(await work());
        return done;
      }).catch(() => null);
      if (results !== null) {
        group.forEach((grouped, i) => grouped.resolve(results[i]));
        return;
      }
    }
    for (const { work, resolve, reject } of group) await this.runAlone(work).then(resolve, reject);
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
   * Inserts one row of an entity with a statement built once per entity (every
   * column, values converted as TypeORM converts them: transformers, then the
   * driver), in the unit of work in progress if any. For the writes on a create's
   * path: TypeORM's own insert on SQLite writes numbers into the SQL text, a new
   * statement to prepare every time; this one is prepared once and reused.
   */
  async insertRow<Entity extends ObjectLiteral>(entity: EntityTarget<Entity>, row: Entity): Promise<void> {
    const { sql, columns } = this.insertStatement(entity);
    const driver = this.dataSource.driver;
    // The driver applies the column's transformer, then its type's conversion (typed `any`, hence the cast).
    const params = columns.map((column) => (driver.preparePersistentValue(column.getEntityValue(row), column) as unknown) ?? null);
    if (this.isPostgres) {
      await this.manager().query(sql, params);
      return;
    }
    const statement = await this.statements.get(sql);
    await new Promise<void>((resolve, reject) => statement.run(params, (error) => (error ? reject(error) : resolve())));
  }

  private insertStatement(entity: EntityTarget<ObjectLiteral>): { sql: string; columns: ColumnMetadata[] } {
    let statement = this.inserts.get(entity);
    if (!statement) {
      const metadata = this.dataSource.getMetadata(entity);
      const columns = metadata.columns;
      const names = columns.map((column) => column.databaseName).join(', ');
      const values = columns.map((_, i) => this.placeholder(i + 1)).join(', ');
      statement = { sql: `INSERT INTO ${metadata.tableName} (${names}) VALUES (${values})`, columns };
      this.inserts.set(entity, statement);
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
