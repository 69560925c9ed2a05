// The merchant store's invoice-number claim (M5) in Redis, so two instances cannot both create a
// payment or invoice with one invoice number. `SET key 1 NX` without expiry: an invoice number
// stays taken once its transaction committed; `release` (DEL) gives it back when the transaction
// rolled back (server/ports/invoice-numbers.ts), which only the claim's holder calls.
import type { InvoiceNumberClaims } from '../ports/invoice-numbers.ts';
import { guarded, redisClient, type Redis, type RedisSource } from './redis.ts';

export class RedisInvoiceNumbers implements InvoiceNumberClaims {
  private readonly prefix: string;

  constructor(private readonly redis: Redis, keyPrefix = 'cryptopay:') {
    this.prefix = `${keyPrefix}invoice-number:`;
  }

  claim(merchant: string, invoiceNumber: string): Promise<boolean> {
    return guarded('invoice-number', this.redis, async () => (await this.redis.set(`${this.prefix}${merchant}:${invoiceNumber}`, '1', 'NX')) === 'OK');
  }

  release(merchant: string, invoiceNumber: string): Promise<void> {
    return guarded('invoice-number', this.redis, async () => void (await this.redis.del(`${this.prefix}${merchant}:${invoiceNumber}`)));
  }

  reset(): Promise<void> {
    return guarded('invoice-number', this.redis, async () => {
      let cursor = '0';
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}*`, 'COUNT', 500);
        if (keys.length > 0) await this.redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    });
  }
}

export const redisInvoiceNumbers = (source: RedisSource, keyPrefix?: string): RedisInvoiceNumbers => new RedisInvoiceNumbers(redisClient(source), keyPrefix);
