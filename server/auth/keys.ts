// The credentials each verifier accepts, as Zod schemas: the server config validates them and the
// auth modules take their inferred types, so the shape is written once.
import { z } from 'zod';
import { WEBHOOK_ENCODINGS } from '../../contracts/merchant/webhook-encoding.ts';

const secret = z.string().min(1);

export const ExchangeKeySchema = z.object({ accessKey: z.string().min(1), secret, scopes: z.array(z.enum(['trade'])).readonly() }).strict();
export type ExchangeKey = z.infer<typeof ExchangeKeySchema>;

export const MerchantKeySchema = z
  .object({
    apiKey: z.string().min(1),
    secret,
    sandbox: z.boolean(),
    permissions: z.array(z.enum(['refund:create'])).readonly(),
    hostedPaymentIds: z.array(z.number().int().min(1)).readonly(),
    webhookSigningSecret: secret,
    /** How webhooks are encoded for this key (decision M-webhook-form); absent: json. */
    webhookEncoding: z.enum(WEBHOOK_ENCODINGS).optional(),
  })
  .strict();
export type MerchantKey = z.infer<typeof MerchantKeySchema>;

export const PartnerCredentialSchema = z
  .object({
    /** Who the credential belongs to (the principal handlers see). */
    partnerId: z.string().min(1),
    /** Accepted as `Authorization: Bearer <bearerKey>`. */
    bearerKey: z.string().min(1).optional(),
    /** Accepted as `Authorization: Basic base64(basicKey:basicSecret)`. */
    basicKey: z.string().min(1).optional(),
    basicSecret: secret.optional(),
  })
  .strict()
  .refine((c) => (c.basicKey === undefined) === (c.basicSecret === undefined), 'basicKey and basicSecret go together');
export type PartnerCredential = z.infer<typeof PartnerCredentialSchema>;
