// The control API's delivery log handlers (contracts/sandbox/deliveries.ts, decision S-listen):
// list, read, follow (long poll) and replay the merchant sandbox's webhook attempts; listen mode.
import type { deliveryOperations } from '../../contracts/sandbox/deliveries.ts';
import type { HandlerMap } from '../api/handler-map.ts';
import type { ServerConfig } from '../config/config.ts';
import { ApiDomainError, RequestValidationError } from '../core/errors.ts';
import { webhookTargetProblem } from '../merchant/reference/webhook-targets.ts';
import type { SandboxControl } from './control.ts';
import { mayActOn, ownMerchant, type SandboxCaller } from './scope.ts';
import { deliveryView, nextDelivery, streamed, type DeliveryLog } from './delivery-log.ts';
import type { DeliveryRecord } from '../ports/merchant-records.ts';
import { newestRecords } from '../ports/table.ts';

export type DeliveryHandlers = HandlerMap<typeof deliveryOperations, SandboxCaller>;

const notFound = (what: string) => new ApiDomainError(404, '1004', 'Record not found', undefined, what);
const invalid = (field: string, message: string) => new RequestValidationError([{ location: 'body', field, message }]);

const isSandboxKey = (config: ServerConfig, apiKey: string) => config.merchant.keys.some((k) => k.sandbox && k.apiKey === apiKey);

export function deliveryHandlers(control: SandboxControl, config: ServerConfig): DeliveryHandlers {
  const log = (): DeliveryLog => {
    // The merchant API's default handlers register it; replaced handlers (createServer({ handlers })) have no log.
    if (!control.deliveryLog) throw new ApiDomainError(404, '1004', 'Record not found', undefined, 'the merchant sandbox of this server keeps no delivery log');
    return control.deliveryLog;
  };
  return {
    async listDeliveries({ query, principal }) {
      // A key lists its own attempts only: another merchant named is 404, none named means itself.
      const merchant = query.merchant !== undefined ? ownMerchant(principal, query.merchant) : principal?.apiKey;
      const subject = query.payment_id !== undefined ? `payment:${query.payment_id}` : undefined;
      const refund = query.refund_id !== undefined ? `refund:${query.refund_id}` : undefined;
      const keep = (r: DeliveryRecord) => (subject === undefined || r.subject === subject) && (refund === undefined || r.subject === refund) && (query.before === undefined || r.id < query.before);
      const where = { ...(query.event ? { event: query.event } : {}), ...(subject ?? refund ? { subject: subject ?? refund } : {}) };
      const rows: DeliveryRecord[] = [];
      if (merchant === undefined) {
        // The operator's view of every merchant: newest first along the log's ids, back from
        // `before`, until the page and one more are found (Table.before: a keyset walk, costing how
        // far back it reads, not the whole log).
        rows.push(...(await log().deliveries.before(where, query.before, query.limit + 1)).filter(keep));
      } else {
        // Newest first from the merchant's index (attempts have no creation time: id order), read
        // until the page and one more are found; attempts at or after `before` are read and skipped,
        // so a page costs how far back it is, like an offset, not the whole log.
        for await (const r of newestRecords(log().deliveries, { ...where, merchant }, query.limit + 1)) {
          if (!keep(r)) continue;
          if (rows.push(r) > query.limit) break;
        }
      }
      return { status: 200, body: { deliveries: rows.slice(0, query.limit).map(deliveryView), has_more: rows.length > query.limit } };
    },
    async streamDeliveries({ query, req, principal }) {
      const l = log();
      if (!isSandboxKey(config, ownMerchant(principal, query.merchant))) throw notFound(`no sandbox merchant key ${query.merchant}`);
      const pick = async () => {
        // Newest first from the merchant's index, back to the cursor: a listener that keeps up
        // reads only what is new (one that starts from 0 reads the merchant's log once).
        const newer: DeliveryRecord[] = [];
        let last: number | undefined;
        for await (const r of newestRecords(l.deliveries, { merchant: query.merchant })) {
          last ??= r.id;
          if (r.id <= query.after) break;
          newer.push(r);
        }
        // A cursor beyond the log: the sandbox was reset since, so everything in it is new. This
        // reads the merchant's whole log (its index), left so as it happens once per reset and
        // listener, and the log after a reset is short.
        if (query.after > (last ?? 0) && query.after > 0) return { after: 0, rows: (await l.deliveries.find({ merchant: query.merchant })).filter(streamed).slice(0, query.limit) };
        return { after: query.after, rows: newer.reverse().filter(streamed).slice(0, query.limit) };
      };
      let found = await pick();
      if (found.rows.length === 0 && query.wait > 0) {
        const gone = new AbortController();
        req.res?.once('close', () => gone.abort());
        await nextDelivery(l, query.merchant, query.wait * 1000, gone.signal);
        found = await pick();
      }
      return { status: 200, body: { deliveries: found.rows.map(deliveryView), cursor: found.rows.at(-1)?.id ?? found.after } };
    },
    async getDelivery({ params, principal }) {
      const r = await log().deliveries.get(params.delivery_id);
      if (!r || !mayActOn(principal, r.merchant)) throw notFound(`no delivery ${params.delivery_id}`);
      return { status: 200, body: deliveryView(r) };
    },
    async replayDelivery({ params, body, principal }) {
      const l = log();
      const r = await l.deliveries.get(params.delivery_id);
      if (!r || !mayActOn(principal, r.merchant)) throw notFound(`no delivery ${params.delivery_id}`);
      const url = body.url ?? r.url;
      if (url === null) throw invalid('url', `delivery ${r.id} was held (no target): give a url to send it to`);
      const problem = body.url === undefined ? undefined : webhookTargetProblem(body.url, true);
      if (problem) throw invalid('url', problem);
      if (r.body === undefined || r.headers === undefined) throw invalid('delivery_id', `delivery ${r.id} was logged before the log kept the bytes sent; it cannot be replayed byte for byte`);
      const replayed = await l.webhooks.replay({ ...r, body: r.body, headers: r.headers }, url);
      return { status: 201, body: deliveryView(replayed) };
    },
    setListenMode({ params, body, principal }) {
      if (!isSandboxKey(config, ownMerchant(principal, params.api_key))) throw notFound(`no sandbox merchant key ${params.api_key}`);
      log().webhooks.listen(params.api_key, body.enabled);
      return { status: 200, body: { merchant: params.api_key, enabled: body.enabled } };
    },
  };
}
