// Links of the exchange document (decision X-links): an order id, from the operations that create
// or list orders, to reading the order (GET /order?id=) and cancelling it (POST /order/delete,
// body `{id}`).
import { linkTo, linkWithBody, type LinkTable } from '../shared/links.ts';

const orderLinks = (id: string) => ({ GetOrder: linkTo('getOrder', { id }), CancelOrder: linkWithBody('cancelOrder', { id }) });

export const exchangeLinks: LinkTable = {
  createOrder: orderLinks('/id'),
  createOrders: orderLinks('/0/id'),
  getOrders: orderLinks('/0/id'),
  getOrder: { CancelOrder: linkWithBody('cancelOrder', { id: '/id' }) },
  cancelOrder: { GetOrder: linkTo('getOrder', { id: '/id' }) },
  clearOrders: { GetOrder: linkTo('getOrder', { id: '/0/id' }) },
};
