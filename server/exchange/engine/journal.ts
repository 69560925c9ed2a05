// What makes the engine durable: every accepted command (an order, a batch, a cancel request, an
// applied cancel) with the time it ran at. The engine is deterministic given its commands and their
// times, so replaying the journal from the seed rebuilds every order, trade, balance and book
// exactly; refused commands change nothing and are never stored. The journal's interface is a port
// (server/ports/engine-journal.ts); server/state/exchange-journal.ts keeps it in the state file.
import type { CancelQueue } from './cancel.ts';
import { marketSpec } from './markets.ts';
import { placeBatch, placeOrder, type PlacementContext } from './placement.ts';
import type { EngineCommand } from '../../ports/engine-journal.ts';
import { applySandboxCommand } from './sandbox-commands.ts';

/** Runs one stored command again (at start, or after a lost commit), as the engine first ran it. */
export function replayCommand(cmd: EngineCommand, ctx: PlacementContext, cancels: CancelQueue): void {
  switch (cmd.t) {
    case 'place':
      placeOrder(ctx, cmd.user, marketSpec(cmd.market), cmd.input);
      return;
    case 'multi':
      placeBatch(ctx, cmd.user, marketSpec(cmd.market), cmd.inputs);
      return;
    case 'cancel-request':
      for (const id of cmd.ids) {
        const order = ctx.store.order(id);
        if (order) cancels.request(order);
      }
      return;
    case 'cancel': {
      const order = ctx.store.order(cmd.id);
      if (order) cancels.applyNow(order);
      return;
    }
    case 'reset-user':
    case 'set-balances':
      applySandboxCommand(ctx, cmd);
      return;
  }
}
