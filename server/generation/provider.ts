import type { GeneratedBrand, GeneratedEvent, GeneratedModel } from './generated-items';

/**
 * A source of generated catalogue content: the offline demo generator or an OpenAI-compatible endpoint. A provider
 * only proposes items; the runner decides what is new, stores it and charges for it.
 */

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export interface Generated<T> {
  items: T[];
  usage: Usage;
}

/** What a request knows of its target; `known` holds names already in the catalogue (a sample when there are many). */
export interface EventsRequest {
  category: string;
  known: readonly string[];
  count: number;
}
export interface BrandsRequest {
  category: string;
  subcategory: string;
  known: readonly string[];
  count: number;
}
export interface ModelsRequest {
  category: string;
  subcategory: string;
  brand: string;
  known: readonly string[];
  count: number;
}

export interface GenerationProvider {
  /** 'demo', or the model an OpenAI-compatible endpoint is asked for. Shown in each run's history message. */
  readonly label: string;
  events(request: EventsRequest, signal: AbortSignal): Promise<Generated<GeneratedEvent>>;
  brands(request: BrandsRequest, signal: AbortSignal): Promise<Generated<GeneratedBrand>>;
  models(request: ModelsRequest, signal: AbortSignal): Promise<Generated<GeneratedModel>>;
}

/** A provider that did not deliver (unreachable, refused, timed out, or answered something unusable). */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** What was spent before the failure, when the provider reported it (an answer that could not be parsed). */
    readonly usage: Usage = { inputTokens: 0, outputTokens: 0 },
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
