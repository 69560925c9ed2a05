// The partner reference implementation's state and clock, shared by its handlers.
import type { Clock } from '../../core/clock.ts';
import type { PartnerStore } from '../../ports/partner-store.ts';
import { createMemoryPartnerStore } from './store.ts';

export interface PartnerSandboxOptions {
  now?: Clock;
  store?: PartnerStore;
  /** scrypt's N for registered passwords (config partner.passwordHashCost). */
  passwordHashCost?: number;
}

export class PartnerSandbox {
  readonly store: PartnerStore;
  readonly now: Clock;
  readonly passwordHashCost: number | undefined;

  constructor(o: PartnerSandboxOptions = {}) {
    this.store = o.store ?? createMemoryPartnerStore();
    this.now = o.now ?? Date.now;
    this.passwordHashCost = o.passwordHashCost;
  }

  async reset(): Promise<void> {
    await this.store.reset();
  }
}

export const createPartnerSandbox = (o: PartnerSandboxOptions = {}): PartnerSandbox => new PartnerSandbox(o);
