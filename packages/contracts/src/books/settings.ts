import { z } from 'zod/mini';
import { ZPreferences } from '../common/user.js';
import { text } from '../common/text.js';
import { optionalText } from './numbers.js';

/** The ISO 4217 codes the runtime can format (Intl knows the list in every supported Node and browser). */
export const currencyCodes = (): string[] => Intl.supportedValuesOf('currency');
const knownCurrency = (code: string) => currencyCodes().includes(code);
export const ZCurrency = text(3, z.toUpperCase(), z.regex(/^[A-Z]{3}$/, 'Use a three-letter currency code'), z.refine(knownCurrency, 'Not a known currency'));

export const ZBusiness = z.object({
  name: z.nullable(z.string()),
  taxId: z.nullable(z.string()),
  address: z.nullable(z.string()),
  currency: z.string(),
});
export type Business = z.infer<typeof ZBusiness>;
export const DEFAULT_CURRENCY = 'USD';

export const ZSettings = z.object({ business: ZBusiness, preferences: ZPreferences });
export type Settings = z.infer<typeof ZSettings>;

export const ZBusinessPatch = z.strictObject({
  name: optionalText(120),
  taxId: optionalText(40),
  address: optionalText(300),
  currency: z.optional(ZCurrency),
});
export const ZSettingsPatch = z.strictObject({ business: z.optional(ZBusinessPatch), preferences: z.optional(z.partial(ZPreferences)) });
export type SettingsPatch = z.input<typeof ZSettingsPatch>;
