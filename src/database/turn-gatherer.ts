/** A call waiting for its answer. */
export interface Waiter<Answer> {
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

/** The calls of one key gathered in a turn: the first call's `ask`, and every call's waiter. */
export interface Gathered<Answer, Ask> {
  ask: Ask;
  waiters: Array<Waiter<Answer>>;
}

/**
 * Calls gathered by key during one turn of the event loop (requests parsed
 * from the same batch of socket reads), handed to `answer` together once the
 * turn ends. What answers them then starts after every call of the turn has
 * joined, so it sees every commit answered before any of them arrived.
 */
export class TurnGatherer<Answer, Ask> {
  private pending = new Map<string, Gathered<Answer, Ask>>();
  private scheduled = false;

  constructor(private readonly answer: (turn: Map<string, Gathered<Answer, Ask>>) => void) {}

  /** Joins this turn's calls of `key`; `ask` counts only for the first of them. */
  join(key: string, ask: Ask): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const gathered = this.pending.get(key);
      if (gathered) gathered.waiters.push({ resolve, reject });
      else this.pending.set(key, { ask, waiters: [{ resolve, reject }] });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.endTurn());
      }
    });
  }

  private endTurn(): void {
    const turn = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    this.answer(turn);
  }
}

/** Settles every waiter of some gathered calls with one outcome. */
export function settleAll<Answer>(waiters: ReadonlyArray<Waiter<Answer>>, outcome: Promise<Answer>): void {
  outcome.then(
    (answer) => waiters.forEach((waiter) => waiter.resolve(answer)),
    (error: unknown) => waiters.forEach((waiter) => waiter.reject(error)),
  );
}
