// Field paths of validation issues: the segments of an error's path inside its request part
// (`/body/orders/0/price` -> body `orders[0].price`).

/** `['payment', 'email']` -> `payment.email`; `['orders', '0', 'price']` -> `orders[0].price`. */
export function fieldPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number' || (typeof s === 'string' && /^\d+$/.test(s))) out += `[${String(s)}]`;
    else out += out === '' ? String(s) : `.${String(s)}`;
  }
  return out;
}
