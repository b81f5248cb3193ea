import type { DroppedItems, GeneratedBrand, GeneratedEvent, GeneratedModel } from './generated-items';

/**
 * A source of generated catalogue content: the offline demo generator or an OpenAI-compatible endpoint. A provider
 * only proposes items; the runner decides what is new, stores it and charges for it
 * (docs/decisions/0019-one-charging-rule.md).
 */

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

/** What one answer of a provider (HTTP 2xx) came to. */
export interface Generated<T> {
  /** The items that can be stored, checked as the database will check them (generated-items.ts). */
  items: T[];
  /** How many items the answer proposed: `items`, and the ones in `dropped`. */
  proposed: number;
  dropped: DroppedItems;
  usage: Usage;
  /** Whether `usage` is the provider's own report, or (it reported none) the prompt and answer counted as the estimate counts them. */
  usageReported: boolean;
  /** Why the answer held no list of items at all (not JSON, cut off, no list): the run fails, charged all the same. */
  unusable?: string;
}

/**
 * What a request knows of its target; `known` holds names already in the catalogue (a sample when there are many),
 * `rejected` the names an operator rejected there (not to be proposed again).
 */
export interface EventsRequest {
  category: string;
  known: readonly string[];
  rejected: readonly string[];
  count: number;
}
export interface BrandsRequest {
  category: string;
  subcategory: string;
  known: readonly string[];
  rejected: readonly string[];
  count: number;
}
export interface ModelsRequest {
  category: string;
  subcategory: string;
  brand: string;
  known: readonly string[];
  rejected: readonly string[];
  count: number;
}

export interface GenerationProvider {
  /** 'demo', or the model an OpenAI-compatible endpoint is asked for. Shown in each run's history message. */
  readonly label: string;
  /** Its runs cost nothing (the demo generator where payments are real: docs/decisions/0019-one-charging-rule.md). */
  readonly free: boolean;
  events(request: EventsRequest, signal: AbortSignal): Promise<Generated<GeneratedEvent>>;
  brands(request: BrandsRequest, signal: AbortSignal): Promise<Generated<GeneratedBrand>>;
  models(request: ModelsRequest, signal: AbortSignal): Promise<Generated<GeneratedModel>>;
}

/** A provider that did not answer (unreachable, refused, timed out): the run fails at no cost. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}
