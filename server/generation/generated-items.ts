import { z } from 'zod';
import { clipText, storableText } from '../text';

/**
 * What a provider hands back, item by item, before anything is stored. A provider's answer is untrusted text: every
 * field is made storable (no NUL, no unpaired surrogate), bounded on character boundaries and trimmed here, and an
 * item that does not fit is dropped on its own (the others are kept).
 */

/** Provider text as it can be stored. */
const text = z.string().transform(storableText);
const optionalText = (max: number) =>
  text.nullish().transform((value) => {
    const trimmed = value ? clipText(value.trim(), max).trim() : '';
    return trimmed ? trimmed : null;
  });
const name = text.pipe(z.string().trim().min(1).max(255));
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'not a calendar date')
  .nullish()
  .transform((value) => value ?? null);
const webAddress = text
  .nullish()
  .transform((value) => (value && /^https?:\/\/[^\s<>"']+$/i.test(value.trim()) && value.trim().length <= 2048 ? value.trim() : null));

export const generatedEvent = z
  .object({
    name,
    description: optionalText(2000),
    address: optionalText(500),
    website: webAddress,
    event_type: optionalText(100),
    start_date: isoDate,
    end_date: isoDate,
    seo_title: optionalText(255),
    seo_description: optionalText(1000),
  })
  .transform((event) =>
    // An end before the start is the provider's slip: keep the start, drop the end.
    event.start_date && event.end_date && event.end_date < event.start_date ? { ...event, end_date: null } : event,
  );
export type GeneratedEvent = z.output<typeof generatedEvent>;

export const socialTypes = ['crunchbase', 'facebook', 'x', 'linkedin'] as const;
const social = z.object({ type: z.enum(socialTypes), url: text.pipe(z.string().trim().regex(/^https:\/\/[^\s<>"']+$/i).max(2048)) });

export const generatedBrand = z.object({
  name,
  seo_title: optionalText(255),
  seo_description: optionalText(1000),
  website: webAddress,
  country: optionalText(255),
  address: optionalText(500),
  phone_number: optionalText(64),
  email: text
    .nullish()
    .transform((value) => (value && z.email().max(255).safeParse(value.trim()).success ? value.trim() : null)),
  socials: z
    .array(z.unknown())
    .nullish()
    .transform((items) => (items ?? []).flatMap((item) => (social.safeParse(item).success ? [social.parse(item)] : []))),
});
export type GeneratedBrand = z.output<typeof generatedBrand>;

export const generatedModel = z.object({
  model: name,
  year: z.coerce.number().int().min(1800).max(2100).nullish().catch(null).transform((value) => value ?? null),
  specifications: optionalText(4000),
  description: optionalText(4000),
  tags: z
    .array(text)
    .nullish()
    .transform((tags) => [...new Set((tags ?? []).map((tag) => clipText(tag.trim(), 64).trim()).filter(Boolean))].slice(0, 20)),
  is_manufactured: z.boolean().nullish().transform((value) => value ?? true),
  is_brand_still_manufactured: z.boolean().nullish().transform((value) => value ?? true),
  seo_title: optionalText(255),
  seo_description: optionalText(1000),
});
export type GeneratedModel = z.output<typeof generatedModel>;

/** The items of a list that fit the schema; the rest are dropped. */
export function keepValid<S extends z.ZodType>(schema: S, items: readonly unknown[]): z.output<S>[] {
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
