import { z } from 'zod';
import { clipText, storableText } from '../text';

/**
 * What a provider hands back, item by item, before anything is stored. A provider's answer is untrusted text: every
 * item is checked as the database will check it (names within their column's length in characters, real calendar
 * dates of years 1 to 9999, numbers and flags of their type), every text made storable (no NUL, no unpaired
 * surrogate), bounded on character boundaries and trimmed. An item that does not fit is dropped on its own, with
 * the reason (docs/decisions/0019-one-charging-rule.md); an optional field that does not fit (a website that is not
 * a web address) is left empty rather than dropping its item.
 */

/** Why items were dropped: each reason with how many items it dropped, the most frequent first. */
export type DroppedItems = { reason: string; count: number }[];

const characters = (value: string) => [...value].length;

/** Provider text as it can be stored. */
const text = z.string({ error: (issue) => (issue.input == null ? 'missing' : 'not text') }).transform(storableText);
const optionalText = (max: number) =>
  text.nullish().transform((value) => {
    const trimmed = value ? clipText(value.trim(), max).trim() : '';
    return trimmed ? trimmed : null;
  });
/** A name: its column is varchar(255), which counts characters (code points), not UTF-16 units. */
const name = text.pipe(
  z
    .string()
    .trim()
    .min(1, 'empty')
    .refine((value) => characters(value) <= 255, 'longer than 255 characters'),
);
/** A `date` column: a real calendar day (2024-02-30 is not) of a year PostgreSQL takes (0000 is not one); empty is none. */
const isoDate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value),
  z.iso
    .date({ error: 'not a date' })
    .refine((value) => !value.startsWith('0000'), 'not a date')
    .nullish()
    .transform((value) => value ?? null),
);
const flag = z
  .boolean({ error: 'not true or false' })
  .nullish()
  .transform((value) => value ?? true);
const webAddress = text
  .nullish()
  .transform((value) =>
    value && /^https?:\/\/[^\s<>"']+$/i.test(value.trim()) && URL.canParse(value.trim()) && value.trim().length <= 2048
      ? value.trim()
      : null,
  );

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
const social = z.object({
  type: z.enum(socialTypes),
  url: text.pipe(
    z
      .string()
      .trim()
      .regex(/^https:\/\/[^\s<>"']+$/i)
      .max(2048),
  ),
});

export const generatedBrand = z.object({
  name,
  seo_title: optionalText(255),
  seo_description: optionalText(1000),
  website: webAddress,
  country: optionalText(255),
  address: optionalText(500),
  phone_number: optionalText(64),
  email: text.nullish().transform((value) => (value && z.email().max(255).safeParse(value.trim()).success ? value.trim() : null)),
  socials: z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((items) => (items ?? []).flatMap((item) => (social.safeParse(item).success ? [social.parse(item)] : []))),
});
export type GeneratedBrand = z.output<typeof generatedBrand>;

export const generatedModel = z.object({
  model: name,
  year: z.coerce
    .number()
    .int()
    .min(1800)
    .max(2100)
    .nullish()
    .catch(null)
    .transform((value) => value ?? null),
  specifications: optionalText(4000),
  description: optionalText(4000),
  tags: z
    .array(text)
    .nullish()
    .transform((tags) => [...new Set((tags ?? []).map((tag) => clipText(tag.trim(), 64).trim()).filter(Boolean))].slice(0, 20)),
  is_manufactured: flag,
  is_brand_still_manufactured: flag,
  seo_title: optionalText(255),
  seo_description: optionalText(1000),
});
export type GeneratedModel = z.output<typeof generatedModel>;

/** Why an item was refused, in an operator's words: "start_date not a date", "name missing", "not an object". */
function reasonOf(error: z.ZodError): string {
  const [issue] = error.issues;
  const field = issue?.path[0];
  if (!issue || typeof field !== 'string') return 'not an object';
  const said = issue.message.startsWith('Invalid') ? 'not valid' : issue.message;
  return `${field} ${said}`;
}

/** Counts reasons: each once, with how many times it came, the most frequent first (the first seen first among equals). */
function tallyReasons(reasons: readonly string[]): DroppedItems {
  const counts = new Map<string, number>();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

export function droppedCount(dropped: DroppedItems): number {
  return dropped.reduce((sum, entry) => sum + entry.count, 0);
}

/** The items of a list that fit the schema, and why the others were dropped. */
export function checkItems<S extends z.ZodType>(schema: S, items: readonly unknown[]): { items: z.output<S>[]; dropped: DroppedItems } {
  const kept: z.output<S>[] = [];
  const reasons: string[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) kept.push(parsed.data);
    else reasons.push(reasonOf(parsed.error));
  }
  return { items: kept, dropped: tallyReasons(reasons) };
}
