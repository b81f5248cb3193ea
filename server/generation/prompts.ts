import { createHash } from 'node:crypto';
import { socialTypes } from './generated-items';
import type { BrandsRequest, EventsRequest, ModelsRequest } from './provider';
import type { TargetContext } from './targets';

/** How many items one run asks for. */
export const itemsPerRun = { Events: 8, Brands: 10, Equipments: 6 } as const;

/**
 * The prompts an OpenAI-compatible model is sent, one a kind of run. The demo generator reads the same texts to
 * report a comparable usage, so that a run's cost means the same thing with either provider.
 */

export interface Prompt {
  system: string;
  user: string;
  /** The top-level key of the JSON object the model must answer with. */
  listKey: 'events' | 'brands' | 'models';
}

const system =
  'You write catalogue data for an equipment and events directory. Answer with one JSON object and nothing else. ' +
  'Use real, verifiable names and facts; leave a field null rather than invent it. Never repeat an item listed as known.';

const quoted = (names: readonly string[]) => names.map((name) => JSON.stringify(name)).join(', ');

const knownLine = (known: readonly string[]) =>
  known.length === 0 ? 'Nothing is known yet.' : `Known already (do not repeat): ${quoted(known)}.`;

/** The names an operator rejected in this target (docs/decisions/0025-review-of-generated-items.md); none, no line. */
const rejectedLines = (rejected: readonly string[]) => (rejected.length === 0 ? [] : [`Rejected, do not propose: ${quoted(rejected)}.`]);

export function eventsPrompt(request: EventsRequest, today: string): Prompt {
  return {
    system,
    listKey: 'events',
    user: [
      `List up to ${request.count} trade fairs, conferences or exhibitions for the category ${JSON.stringify(request.category)}, held on or after ${today}.`,
      knownLine(request.known),
      ...rejectedLines(request.rejected),
      'Answer {"events": [{"name", "description", "address", "website" (https URL), "event_type", "start_date" (YYYY-MM-DD), ' +
        '"end_date" (YYYY-MM-DD), "seo_title" (at most 60 characters), "seo_description" (at most 160 characters)}]}.',
    ].join('\n'),
  };
}

export function brandsPrompt(request: BrandsRequest): Prompt {
  return {
    system,
    listKey: 'brands',
    user: [
      `List up to ${request.count} manufacturers (brands) of ${JSON.stringify(request.subcategory)} in the category ${JSON.stringify(request.category)}.`,
      knownLine(request.known),
      ...rejectedLines(request.rejected),
      'Answer {"brands": [{"name", "seo_title", "seo_description", "website" (https URL), "country", "address", "phone_number", ' +
        `"email", "socials": [{"type" (one of ${socialTypes.join(', ')}), "url" (https URL)}]}]}.`,
    ].join('\n'),
  };
}

export function modelsPrompt(request: ModelsRequest): Prompt {
  return {
    system,
    listKey: 'models',
    user: [
      `List up to ${request.count} models of ${JSON.stringify(request.subcategory)} made by ${JSON.stringify(request.brand)} (category ${JSON.stringify(request.category)}).`,
      knownLine(request.known),
      ...rejectedLines(request.rejected),
      'Answer {"models": [{"model", "year" (first year of production, a number), "specifications", "description", "tags" (list of short words), ' +
        '"is_manufactured" (true if still produced), "is_brand_still_manufactured" (true if the brand still makes equipment), "seo_title", "seo_description"}]}.',
    ].join('\n'),
  };
}

/** A rough token count of a text (four characters a token), for estimates and the demo generator's usage. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function promptTokens(prompt: Prompt): number {
  return estimateTokens(prompt.system) + estimateTokens(prompt.user);
}

const today = () => new Date().toISOString().slice(0, 10);

/** The request a run of this target sends its provider. */
export function requestOf(context: TargetContext) {
  const base = { category: context.category, known: context.known, rejected: context.rejected ?? [] };
  switch (context.target.type) {
    case 'Events':
      return { type: 'Events', request: { ...base, count: itemsPerRun.Events } } as const;
    case 'Brands':
      return { type: 'Brands', request: { ...base, subcategory: context.subcategory ?? '', count: itemsPerRun.Brands } } as const;
    case 'Equipments':
      return {
        type: 'Equipments',
        request: { ...base, subcategory: context.subcategory ?? '', brand: context.brand ?? '', count: itemsPerRun.Equipments },
      } as const;
  }
}

/** The prompt a run of this target sends (what an OpenAI-compatible model reads, and what the demo counts). */
export function promptOf(context: TargetContext): Prompt {
  const { type, request } = requestOf(context);
  switch (type) {
    case 'Events':
      return eventsPrompt(request, today());
    case 'Brands':
      return brandsPrompt(request);
    case 'Equipments':
      return modelsPrompt(request);
  }
}

/**
 * The version of the prompts a run sends, recorded with the run: the first 8 hex digits of a SHA-256 of the system
 * text and of what the three builders make of one fixed request, so that it changes whenever a prompt's wording does.
 */
export const promptVersion = (() => {
  const sample = { category: 'Category', subcategory: 'Subcategory', brand: 'Brand', known: ['Known'], rejected: ['Rejected'], count: 1 };
  const prompts = [eventsPrompt(sample, '2000-01-01'), brandsPrompt(sample), modelsPrompt(sample)];
  const texts = [system, ...prompts.map((prompt) => `${prompt.listKey}\n${prompt.system}\n${prompt.user}`)];
  return createHash('sha256').update(texts.join('\n\n')).digest('hex').slice(0, 8);
})();
