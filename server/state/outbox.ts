// Webhook deliveries still owed, in the state file: written with the change that caused the event
// (same transaction), moved on after each failed attempt, deleted once delivered or given up. On
// start every row is scheduled again at its due time: at least once across crashes, with the same
// webhook id and the same `data` bytes, so a receiver can tell a repeat. `seq` keeps the order the
// events happened in, so a subject's later event still waits for its earlier one after a restart.
import type { Outbox, OwedDelivery, OwedState } from '../ports/outbox.ts';
import type { StateDb } from './db.ts';

export function sqliteOutbox(state: StateDb): Outbox {
  const db = state.db;
  const add = db.prepare<[string, string, string, string, string, string, number, number]>(
    'INSERT INTO webhook_outbox (webhook_id, subject, merchant, event, url, data, attempt, due_at, seq) ' +
      'SELECT ?, ?, ?, ?, ?, ?, ?, ?, coalesce(max(seq), 0) + 1 FROM webhook_outbox',
  );
  const next = db.prepare<[number, number, string, number]>('UPDATE webhook_outbox SET attempt = ?, due_at = ?, claimed_until = 0 WHERE webhook_id = ? AND attempt = ?');
  const claim = db.prepare<[number, string, number, number]>('UPDATE webhook_outbox SET claimed_until = ? WHERE webhook_id = ? AND attempt = ? AND claimed_until <= ?');
  const one = db.prepare<[string], OwedState>('SELECT attempt, due_at AS dueAt, claimed_until AS claimedUntil FROM webhook_outbox WHERE webhook_id = ?');
  const done = db.prepare<[string]>('DELETE FROM webhook_outbox WHERE webhook_id = ?');
  const all = db.prepare<[], OwedDelivery>(
    'SELECT webhook_id AS webhookId, subject, merchant, event, url, data, attempt, due_at AS dueAt FROM webhook_outbox ORDER BY seq, due_at',
  );
  const clear = db.prepare('DELETE FROM webhook_outbox');
  return {
    add: (o) => void state.write(() => add.run(o.webhookId, o.subject, o.merchant, o.event, o.url, o.data, o.attempt, o.dueAt)),
    // The claim is an update under the file's write lock (one writer across processes), acknowledged once committed.
    claim: async (webhookId, attempt, now, until) => {
      const won = state.write(() => claim.run(until, webhookId, attempt, now).changes === 1);
      await state.durable();
      return won;
    },
    state: (webhookId) => one.get(webhookId),
    next: (webhookId, attempt, dueAt) => void state.write(() => next.run(attempt, dueAt, webhookId, attempt - 1)),
    done: (webhookId) => void state.write(() => done.run(webhookId)),
    owed: () => all.all(),
    clear: () => void state.write(() => clear.run()),
  };
}
