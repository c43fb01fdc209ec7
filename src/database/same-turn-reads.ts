import { settleAll, TurnGatherer } from './turn-gatherer';

/**
 * Identical reads asked in the same turn of the event loop, answered by one
 * statement: the pollers of one list (a console's tabs, an account's workers
 * waiting for the same status) then cost one round trip, not one each. The
 * read starts when the turn ends (TurnGatherer), so it sees every commit
 * answered before any of its callers arrived. Its answer is shared: callers
 * must not change it.
 */
export class SameTurnReads<Answer> {
  private readonly gatherer = new TurnGatherer<Answer, () => Promise<Answer>>((turn) => {
    for (const { ask: read, waiters } of turn.values()) settleAll(waiters, read());
  });

  /** `read` runs once for all the calls of this turn with this `key`; the key must name everything the read depends on. */
  get(key: string, read: () => Promise<Answer>): Promise<Answer> {
    return this.gatherer.join(key, read);
  }
}
