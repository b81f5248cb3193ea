import { setTimeout as sleep } from 'node:timers/promises';
import type { GeneratedBrand, GeneratedEvent, GeneratedModel } from './generated-items';
import { brandsPrompt, estimateTokens, eventsPrompt, modelsPrompt, promptTokens, type Prompt } from './prompts';
import type { BrandsRequest, EventsRequest, Generated, GenerationProvider, ModelsRequest } from './provider';

/**
 * The offline generator `npm start` uses when no AI provider is configured (AI_PROVIDER=demo). It makes plausible,
 * clearly made-up items from fixed word lists, the same for the same target every time: every screen and every
 * state of a generation can be tried on one machine with nothing else installed. Each item says it is demo data,
 * and websites point at example.com. A pool is finite, so regenerating a target often enough ends in "No New Results".
 */

const cities = ['Berlin', 'Chicago', 'Singapore', 'Milan', 'Dubai', 'Toronto', 'Osaka', 'Madrid'] as const;
const eventFormats = ['Expo', 'Summit', 'Trade Fair', 'Forum', 'Conference', 'Show'] as const;
const brandStems = ['Nordvik', 'Apexa', 'Kestrel', 'Orvane', 'Baltra', 'Summitek', 'Halden', 'Veloro', 'Trondal', 'Calyx'] as const;
const brandSuffixes = ['Works', 'Industries', 'Machinery', 'Systems'] as const;
const countries = ['Germany', 'Japan', 'United States', 'Sweden', 'Italy', 'South Korea', 'Canada', 'Finland'] as const;
const modelSeries = ['S', 'X', 'Pro', 'Max', 'E'] as const;

/** FNV-1a: a stable number for a text, so that each target gets its own order of the pools. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function rotate<T>(items: readonly T[], by: number): T[] {
  const start = by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The first `count` candidates whose name is not known yet (case-insensitively). */
function fresh<T>(candidates: Iterable<T>, nameOf: (item: T) => string, known: readonly string[], count: number): T[] {
  const seen = new Set(known.map((name) => name.toLowerCase()));
  const picked: T[] = [];
  for (const item of candidates) {
    if (picked.length >= count) break;
    const key = nameOf(item).toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(item);
  }
  return picked;
}

function* pairs<A, B>(first: readonly A[], second: readonly B[]): Generator<[A, B]> {
  for (const b of second) for (const a of first) yield [a, b];
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export interface DemoProviderOptions {
  /** Time each generation takes, so that "In Progress" can be seen (0 in tests that do not look at it). */
  delayMs?: number;
  /** Its runs cost nothing: made-up items are never paid for with real money (docs/decisions/0019-one-charging-rule.md). */
  free?: boolean;
}

export function createDemoProvider(options: DemoProviderOptions = {}): GenerationProvider {
  /** The first `request.count` candidates the target does not hold yet, after the configured delay. */
  async function answer<T>(
    prompt: Prompt,
    candidates: T[],
    nameOf: (item: T) => string,
    request: { known: readonly string[]; rejected: readonly string[]; count: number },
    signal: AbortSignal,
  ): Promise<Generated<T>> {
    if (options.delayMs) await sleep(options.delayMs, undefined, { signal });
    // A name rejected in the target is never proposed again, as the prompt asks of an AI model.
    const items = fresh(candidates, nameOf, [...request.known, ...request.rejected], request.count);
    return {
      items,
      proposed: items.length,
      dropped: [],
      usage: { inputTokens: promptTokens(prompt), outputTokens: estimateTokens(JSON.stringify({ [prompt.listKey]: items })) },
      usageReported: true,
    };
  }

  return {
    label: 'demo',
    free: options.free ?? false,
    events(request, signal) {
      const start = new Date();
      return answer(eventsPrompt(request, isoDay(start)), demoEvents(request, start), (e) => e.name, request, signal);
    },
    brands(request, signal) {
      return answer(brandsPrompt(request), demoBrands(request), (b) => b.name, request, signal);
    },
    models(request, signal) {
      return answer(modelsPrompt(request), demoModels(request), (m) => m.model, request, signal);
    },
  };
}

/** A category's demo events: each format in each city, monthly from the month after `start`. */
function demoEvents(request: EventsRequest, start: Date): GeneratedEvent[] {
  const seed = hash(request.category);
  return [...pairs(rotate(eventFormats, seed), rotate(cities, seed >>> 3))].map(([format, city], index): GeneratedEvent => {
    const name = `${request.category} ${format} ${city}`;
    const first = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1 + index, 1 + ((seed + index) % 20)));
    const last = new Date(first.getTime() + (2 + (index % 3)) * 86_400_000);
    return {
      name,
      description: `Demo event (${format.toLowerCase()}) on ${request.category.toLowerCase()} in ${city}: generated offline, not a real event.`,
      address: `Exhibition Centre, ${city}`,
      website: `https://example.com/events/${slug(name)}`,
      event_type: format,
      start_date: isoDay(first),
      end_date: isoDay(last),
      seo_title: `${name} ${first.getUTCFullYear()}`.slice(0, 255),
      seo_description: `Dates, venue and exhibitors of ${name}.`,
    };
  });
}

/** A subcategory's demo brands: each stem with each suffix. */
function demoBrands(request: BrandsRequest): GeneratedBrand[] {
  const seed = hash(`${request.category}/${request.subcategory}`);
  return [...pairs(rotate(brandStems, seed), rotate(brandSuffixes, seed >>> 4))].map(([stem, suffix], index): GeneratedBrand => {
    const name = `${stem} ${suffix}`;
    const country = countries[(seed + index) % countries.length] ?? 'Germany';
    return {
      name,
      seo_title: `${name} ${request.subcategory}`.slice(0, 255),
      seo_description: `Demo brand of ${request.subcategory.toLowerCase()}, generated offline: not a real company.`,
      website: `https://example.com/brands/${slug(name)}`,
      country,
      address: `${stem} Street 1, ${country}`,
      phone_number: null,
      email: `info@${slug(name)}.example.com`,
      socials: [{ type: 'linkedin', url: `https://www.linkedin.com/company/${slug(name)}` }],
    };
  });
}

/** A brand's demo models: the brand's initials, a number and a series. */
function demoModels(request: ModelsRequest): GeneratedModel[] {
  const seed = hash(`${request.subcategory}/${request.brand}`);
  const prefix =
    request.brand
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 2)
      .toUpperCase() || 'DM';
  const numbers = [100, 200, 300, 450, 600, 800].map((n) => n + (seed % 50));
  return [...pairs(numbers, rotate(modelSeries, seed))].map(([number, series], index): GeneratedModel => {
    const model = `${prefix}-${number} ${series}`;
    return {
      model,
      year: 2014 + ((seed + index) % 12),
      specifications: `Demo specifications of the ${model}.`,
      description: `${request.brand} ${model}: a demo ${request.subcategory.toLowerCase()} model, generated offline.`,
      tags: ['demo', slug(request.subcategory)],
      is_manufactured: index % 4 !== 3,
      is_brand_still_manufactured: true,
      seo_title: `${request.brand} ${model} - ${request.subcategory} Catalog`.slice(0, 255),
      seo_description: `${request.brand} ${model} specifications.`,
    };
  });
}
