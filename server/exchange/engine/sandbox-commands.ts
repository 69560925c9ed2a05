// Commands of the sandbox control API on the exchange: one trader's data reset,
// and balances loaded for a trader. Journaled like trading commands, so a restart replays them in
// place; their shape is the journal port's (server/ports/engine-journal.ts), which stores them.
import { formatMoney } from './accounts.ts';
import { parseDecimal, pow10 } from './decimal.ts';
import { CURRENCY_CODES, currencyPrecision, ledgerPlaces, MARKET_IDS, type CurrencyCode } from './markets.ts';
import { finish } from './matching.ts';
import type { PlacementContext } from './placement.ts';
import { orderRejected } from './errors.ts';
import type { Holdings, SandboxCommand } from '../../ports/engine-journal.ts';

const units = (currency: CurrencyCode, amount: string) =>
  parseDecimal(amount, currencyPrecision(currency), `balances.${currency}`) * pow10(ledgerPlaces(currency) - currencyPrecision(currency));

/** Refuses (2002, nothing changed) a balance below what the trader's open orders hold locked. */
function checkBalances(ctx: PlacementContext, user: string, balances: Holdings): [CurrencyCode, bigint][] {
  return (Object.entries(balances) as [CurrencyCode, string][]).map(([currency, amount]) => {
    const value = units(currency, amount);
    const locked = ctx.store.ledger.account(user, currency).locked;
    if (value < locked) throw orderRejected(`${currency} balance ${amount} is below the ${formatMoney(locked, currency)} open orders hold`);
    return [currency, value];
  });
}

export function applySandboxCommand(ctx: PlacementContext, cmd: SandboxCommand): void {
  if (cmd.t === 'set-balances') {
    for (const [currency, value] of checkBalances(ctx, cmd.user, cmd.balances)) ctx.store.ledger.account(cmd.user, currency).balance = value;
    return;
  }
  // reset-user: every waiting order cancelled at once (its funds unlocked), the trader's order and
  // trade lists emptied, every balance back to the seed's (zero where the seed has none).
  for (const market of MARKET_IDS) {
    // A copy: finishing them changes what the store's waiting list will hold.
    for (const order of [...ctx.store.userOrders(cmd.user, market, 'wait')]) {
      if (order.state !== 'wait') continue;
      ctx.store.book(market).own(order.side).remove(order);
      order.cancelRequested = false;
      finish(order, 'cancel');
    }
  }
  ctx.store.forgetUser(cmd.user);
  for (const currency of CURRENCY_CODES) {
    const amount = cmd.balances[currency];
    ctx.store.ledger.account(cmd.user, currency).balance = amount === undefined ? 0n : units(currency, amount);
  }
}
