// The browser app of client.browser.test.ts, bundled by esbuild for the browser: it imports the
// per-API client entries as a web app would and makes real calls to the sandbox on another origin
// (CORS). The exchange secret is in the page only because this is a test: a real app must never
// ship an exchange secret to a browser.
import { createExchangeClient, ExchangeApiError, unwrap as unwrapExchange } from '../../client/exchange.ts';
import { createMerchantClient, unwrap, type MerchantPaths } from '../../client/merchant.ts';

export interface BrowserResults {
  merchantPayment: { id: number; invoiceNumber: string; blockchainStatus: string };
  merchantTransactions: number;
  exchangeBalances: string[];
  exchangeOrder: { id: number; side: string; state: string };
  wrongSecretCode: number | undefined;
}

/** `paymentBody` comes from the test (the contract's example), so the app bundle carries no contract module. */
async function runClients(apiOrigin: string, paymentBody: MerchantPaths['/payments']['post']['requestBody']['content']['application/json']): Promise<BrowserResults> {
  const merchant = createMerchantClient({ baseUrl: apiOrigin, apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret' });
  const payment = await unwrap(merchant.POST('/payments', { body: paymentBody }));
  const { transactions } = await unwrap(merchant.GET('/transactions', { params: { query: { limit: 10 } } }));

  const ex = createExchangeClient({ baseUrl: apiOrigin, accessKey: 'demo-trader', secretKey: 'demo-trader-secret' });
  const balances = await unwrapExchange(ex.GET('/balances'));
  const order = await unwrapExchange(
    ex.POST('/orders', { body: { market: 'btcusd', side: 'buy', ord_type: 'limit', volume: '0.01', price: '1000.00' } }),
  );
  const wrong = createExchangeClient({ baseUrl: apiOrigin, accessKey: 'demo-trader', secretKey: 'not-the-secret' });
  const refused = await unwrapExchange(wrong.GET('/balances')).then(
    () => undefined,
    (e: unknown) => (e instanceof ExchangeApiError ? e.code : undefined),
  );
  return {
    merchantPayment: { id: payment.id, invoiceNumber: payment.invoice_number, blockchainStatus: payment.status.blockchain_status },
    merchantTransactions: transactions.length,
    exchangeBalances: balances.map((b) => b.currency),
    exchangeOrder: { id: order.id, side: order.side, state: order.state },
    wrongSecretCode: refused,
  };
}

(globalThis as unknown as { runClients: typeof runClients }).runClients = runClients;
