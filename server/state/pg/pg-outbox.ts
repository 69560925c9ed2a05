// Webhook deliveries still owed, in PostgreSQL (as server/state/outbox.ts in the state file):
// written in the transaction of the change that caused the event (PgState.write joins the unit),
// moved on after each failed attempt, deleted once delivered or given up. `seq` keeps the events'
// order: from a sequence (webhook_outbox_seq, migration 003), so two transactions adding at once do
// not conflict.
// Every instance resumes every owed delivery at its start: at least once, with the same webhook id
// and bytes, so a receiver can tell a repeat; each attempt is claimed (claimed_until) by the one
// instance that sends it.
import type { Outbox, OwedDelivery } from '../../ports/outbox.ts';
import type { PgState } from './pg-state.ts';

export function pgOutbox(state: PgState): Outbox {
  return {
    add: (o) =>
      state.write(
        'INSERT INTO webhook_outbox (webhook_id, subject, merchant, event, url, data, attempt, due_at, seq) ' +
          "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, nextval('webhook_outbox_seq'))",
        [o.webhookId, o.subject, o.merchant, o.event, o.url, o.data, o.attempt, o.dueAt],
      ),
    // Its own transaction (outside any unit): committed before the attempt is sent.
    claim: async (webhookId, attempt, now, until) =>
      (await state.query('UPDATE webhook_outbox SET claimed_until = $1 WHERE webhook_id = $2 AND attempt = $3 AND claimed_until <= $4', [until, webhookId, attempt, now])).rowCount === 1,
    state: async (webhookId) => {
      const { rows } = await state.query<{ attempt: string; dueAt: string; claimedUntil: string }>(
        'SELECT attempt, due_at AS "dueAt", claimed_until AS "claimedUntil" FROM webhook_outbox WHERE webhook_id = $1',
        [webhookId],
      );
      const r = rows[0];
      return r ? { attempt: Number(r.attempt), dueAt: Number(r.dueAt), claimedUntil: Number(r.claimedUntil) } : undefined;
    },
    next: (webhookId, attempt, dueAt) =>
      state.write('UPDATE webhook_outbox SET attempt = $1, due_at = $2, claimed_until = 0 WHERE webhook_id = $3 AND attempt = $4', [attempt, dueAt, webhookId, attempt - 1]),
    done: (webhookId) => state.write('DELETE FROM webhook_outbox WHERE webhook_id = $1', [webhookId]),
    owed: async () => {
      const { rows } = await state.query<Omit<OwedDelivery, 'attempt' | 'dueAt'> & { attempt: string; dueAt: string }>(
        'SELECT webhook_id AS "webhookId", subject, merchant, event, url, data, attempt, due_at AS "dueAt" FROM webhook_outbox ORDER BY seq, due_at',
      );
      return rows.map((r) => ({ ...r, attempt: Number(r.attempt), dueAt: Number(r.dueAt) }));
    },
    clear: () => state.write('DELETE FROM webhook_outbox'),
  };
}
