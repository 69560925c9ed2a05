// Balances per user per currency, in ledger units of the currency (markets.ts ledgerPlaces).
// available = balance - locked; neither balance, locked nor available ever goes below zero.
// Fees go to a house account per currency, so the sum over users plus house never changes.
import { formatAmount, parseDecimal, pow10 } from './decimal.ts';
import { orderRejected } from './errors.ts';
import { CURRENCY_CODES, currencyPrecision, isFiat, ledgerPlaces, type CurrencyCode } from './markets.ts';
import type { Account } from './wire.ts';

/** Ledger units of a currency as its exact decimal, with at least the currency's precision ('0.00', '2.169074732'). */
export function formatMoney(units: bigint, currency: CurrencyCode): string {
  return formatAmount(units, ledgerPlaces(currency), currencyPrecision(currency));
}

/** One currency of one holder. Orders keep a reference to theirs, so fills skip map look-ups. */
export class Balance {
  balance = 0n;
  locked = 0n;
  constructor(readonly currency: CurrencyCode) {}

  get available(): bigint {
    return this.balance - this.locked;
  }
}

/** Starting balances: user id -> currency -> decimal string. */
export type SeedConfig = Record<string, Partial<Record<CurrencyCode, string>>>;

/** Every listed user holds every currency, `amountOf(currency)` of each. */
export function seedEveryCurrency(userIds: readonly string[], amountOf: (currency: CurrencyCode) => string): SeedConfig {
  return Object.fromEntries(userIds.map((id) => [id, Object.fromEntries(CURRENCY_CODES.map((c) => [c, amountOf(c)]))]));
}

/**
 * The sandbox: two traders and a viewer, each with 1,000,000 of every fiat and 100 of every
 * coin, except 1,000,000 of the two low-priced coins (XEM, XVG), where 100 would buy nothing.
 */
export const DEFAULT_SEED: SeedConfig = seedEveryCurrency(['demo-trader', 'demo-trader-2', 'demo-viewer'], (c) =>
  isFiat(c) || c === 'xem' || c === 'xvg' ? '1000000' : '100',
);

export class Ledger {
  private readonly users = new Map<string, Map<CurrencyCode, Balance>>();
  private readonly houseBalances = new Map<CurrencyCode, Balance>();

  /** The balance of a user in a currency, created at zero on first use. */
  account(userId: string, currency: CurrencyCode): Balance {
    let wallet = this.users.get(userId);
    if (wallet === undefined) {
      wallet = new Map();
      this.users.set(userId, wallet);
    }
    let balance = wallet.get(currency);
    if (balance === undefined) {
      balance = new Balance(currency);
      wallet.set(currency, balance);
    }
    return balance;
  }

  /** Where fees are credited. */
  house(currency: CurrencyCode): Balance {
    let balance = this.houseBalances.get(currency);
    if (balance === undefined) {
      balance = new Balance(currency);
      this.houseBalances.set(currency, balance);
    }
    return balance;
  }

  /** Replaces every balance with the seed (the house starts empty). */
  seed(config: SeedConfig): void {
    this.users.clear();
    this.houseBalances.clear();
    for (const [userId, holdings] of Object.entries(config)) {
      for (const [currency, amount] of Object.entries(holdings) as [CurrencyCode, string][]) {
        const places = currencyPrecision(currency);
        const units = parseDecimal(amount, places, `seed.${userId}.${currency}`);
        this.account(userId, currency).balance = units * pow10(ledgerPlaces(currency) - places);
      }
    }
  }

  /** Moves `amount` from available to locked, or refuses with 2002 naming what is missing. */
  lock(balance: Balance, amount: bigint): void {
    if (amount > balance.available) {
      const c = balance.currency;
      throw orderRejected(`insufficient ${c}: needs ${formatMoney(amount, c)}, available ${formatMoney(balance.available, c)}`);
    }
    balance.locked += amount;
  }

  /** Gives locked funds back to available. */
  unlock(balance: Balance, amount: bigint): void {
    balance.locked -= amount;
  }

  /** GET /balances: one Account per currency, in the currency list's order, zeros included. */
  accounts(userId: string): Account[] {
    return CURRENCY_CODES.map((currency) => {
      const b = this.users.get(userId)?.get(currency) ?? new Balance(currency);
      return {
        currency,
        balance: formatMoney(b.balance, currency),
        locked: formatMoney(b.locked, currency),
        available: formatMoney(b.available, currency),
      };
    });
  }

  /** Every balance held, the house's included (for invariant checks). */
  *allBalances(): Generator<{ holder: string; balance: Balance }> {
    for (const [holder, wallet] of this.users) for (const balance of wallet.values()) yield { holder, balance };
    for (const balance of this.houseBalances.values()) yield { holder: '(house)', balance };
  }

  /** Sum of one currency over all users and the house: constant under trading. */
  total(currency: CurrencyCode): bigint {
    let sum = 0n;
    for (const { balance } of this.allBalances()) if (balance.currency === currency) sum += balance.balance;
    return sum;
  }
}
