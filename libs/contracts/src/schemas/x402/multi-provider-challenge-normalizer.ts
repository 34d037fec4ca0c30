import { z } from 'zod';
import { x402Document } from '../../x402/request-rules.js';

/** Bounds of x402-multi-provider-challenge-normalizer's request (design sheet §12). */
export const CHALLENGE_NORMALIZER_LIMITS = { challenges: 20, providerLabel: 80, headerValue: 16 * 1024 } as const;

export const CHALLENGE_FORMATS = ['x402_v1_body', 'x402_v2_object', 'x402_v2_header', 'l402_www_authenticate'] as const;
/** The formats carried as an object in `body`; the other two are header text in `header_value`. */
export const BODY_CHALLENGE_FORMATS: readonly (typeof CHALLENGE_FORMATS)[number][] = ['x402_v1_body', 'x402_v2_object'];

const challenge = z
  .strictObject({
    provider_label: z.string().min(1).max(CHALLENGE_NORMALIZER_LIMITS.providerLabel).meta({ description: 'Who offered it, as the buyer names the provider.' }),
    format: z.enum(CHALLENGE_FORMATS).meta({ description: 'x402_v1_body and x402_v2_object come in body; x402_v2_header (the base64 PAYMENT-REQUIRED value) and l402_www_authenticate (the WWW-Authenticate value) in header_value.' }),
    body: x402Document.optional().meta({ description: 'The 402 body (v1) or PaymentRequired object (v2). At most 256 KiB and 32 levels.' }),
    header_value: z.string().min(1).max(CHALLENGE_NORMALIZER_LIMITS.headerValue).optional().meta({ description: 'The header value, at most 16 KiB.' }),
  })
  .superRefine((value, ctx) => {
    const wantsBody = BODY_CHALLENGE_FORMATS.includes(value.format);
    const [needed, other] = wantsBody ? (['body', 'header_value'] as const) : (['header_value', 'body'] as const);
    if (value[needed] === undefined) ctx.addIssue({ code: 'custom', path: [needed], message: `format ${value.format} needs ${needed}` });
    if (value[other] !== undefined) ctx.addIssue({ code: 'custom', path: [other], message: `format ${value.format} takes ${needed}, not ${other}` });
  });

/** x402-multi-provider-challenge-normalizer (design sheet §12). */
export const multiProviderChallengeNormalizerRequest = z.strictObject({
  challenges: z.array(challenge).min(1).max(CHALLENGE_NORMALIZER_LIMITS.challenges).meta({ description: '1 to 20 payment challenges from one or several providers for similar resources.' }),
});
