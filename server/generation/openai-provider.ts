import type OpenAI from 'openai';
import type { z } from 'zod';
import type { StructuredOutputMode } from '../config';
import { clipText, storableText } from '../text';
import { checkItems, generatedBrand, generatedEvent, generatedModel } from './generated-items';
import { brandsPrompt, estimateTokens, eventsPrompt, modelsPrompt, promptTokens, type Prompt } from './prompts';
import { ProviderError, type Generated, type GenerationProvider, type Usage } from './provider';
import { endpointKey, refusedStructuredOutput, rememberSchemaRefused, responseFormat, schemaRefused } from './structured-output';

export interface OpenAiProviderOptions {
  apiKey: string;
  /** Any OpenAI-compatible endpoint (`OPENAI_BASE_URL`); the SDK's default (api.openai.com) when absent. */
  baseUrl?: string;
  model: string;
  /** Per attempt; the SDK retries twice on connection errors, 408, 409, 429 and 5xx, with backoff. */
  timeoutMs: number;
  maxRetries?: number;
  /** Largest answer asked for, in tokens; the runner's cost estimate counts on it. */
  maxOutputTokens: number;
  /**
   * `auto` (the default): a JSON schema, and JSON mode from the first time the endpoint refuses one (remembered for
   * this base URL and model while the process lives); `json_schema` or `json_object`: that mode only.
   */
  structuredOutput?: StructuredOutputMode;
  /** Told once per endpoint when `auto` falls back to JSON mode. */
  log?: { info(details: object, message: string): void };
}

/**
 * Generation through an OpenAI-compatible chat completions endpoint (OpenAI, Azure, vLLM, Ollama, LiteLLM...): the
 * official `openai` client, structured output (a JSON schema, or JSON mode: structured-output.ts), and the usage the
 * endpoint reports as the run's cost (without one, the prompt and the answer counted as the estimate counts them:
 * docs/decisions/0019-one-charging-rule.md).
 */
export async function createOpenAiProvider(options: OpenAiProviderOptions): Promise<GenerationProvider> {
  // Loaded only when chosen: the SDK is about a tenth of a second of every start, and the default is the demo provider.
  const { default: OpenAISdk } = await import('openai');
  const client = new OpenAISdk({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries ?? 2,
  });

  const endpoint = endpointKey(options.baseUrl, options.model);
  const mode = options.structuredOutput ?? 'auto';

  function ask(prompt: Prompt, format: 'json_schema' | 'json_object', signal: AbortSignal) {
    return client.chat.completions.create(
      {
        model: options.model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        response_format: responseFormat(prompt.listKey, format),
        max_tokens: options.maxOutputTokens,
        temperature: 0.2,
      },
      { signal },
    );
  }

  /** Asks in the mode set; under `auto`, an endpoint that refuses the schema is asked again in JSON mode, and remembered. */
  async function askInMode(prompt: Prompt, signal: AbortSignal) {
    if (mode === 'json_object' || (mode === 'auto' && schemaRefused(endpoint))) return await ask(prompt, 'json_object', signal);
    try {
      return await ask(prompt, 'json_schema', signal);
    } catch (error) {
      if (mode !== 'auto' || !(error instanceof OpenAISdk.APIError) || !refusedStructuredOutput(error)) throw error;
      if (rememberSchemaRefused(endpoint)) {
        options.log?.info(
          { model: options.model, baseUrl: options.baseUrl ?? 'api.openai.com', status: error.status },
          'the AI endpoint refused structured output (json_schema); asking it in JSON mode from now on',
        );
      }
      return await ask(prompt, 'json_object', signal);
    }
  }

  async function complete<S extends z.ZodType>(prompt: Prompt, schema: S, signal: AbortSignal): Promise<Generated<z.output<S>>> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    // The SDK adds an abort listener to the signal it is given on every attempt and never removes it; `signal` lives
    // as long as the worker, so each call gets its own signal, following `signal` only while the call lasts.
    const call = new AbortController();
    const stop = () => call.abort(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    try {
      completion = await askInMode(prompt, call.signal);
    } catch (error) {
      throw new ProviderError(describeFailure(OpenAISdk, error, options.apiKey));
    } finally {
      signal.removeEventListener('abort', stop);
    }
    return readAnswer(completion, prompt, schema);
  }

  return {
    label: options.model,
    free: false,
    events: (request, signal) => complete(eventsPrompt(request, new Date().toISOString().slice(0, 10)), generatedEvent, signal),
    brands: (request, signal) => complete(brandsPrompt(request), generatedBrand, signal),
    models: (request, signal) => complete(modelsPrompt(request), generatedModel, signal),
  };
}

/**
 * The items of an answer, in either mode the same object wrapping the list (`{ [listKey]: [...] }`), or why there
 * are none (not JSON, no list, the model declined).
 */
function readAnswer<S extends z.ZodType>(
  completion: OpenAI.Chat.Completions.ChatCompletion,
  prompt: Prompt,
  schema: S,
): Generated<z.output<S>> {
  const content = completion.choices[0]?.message.content ?? '';
  const reported = reportedUsage(completion.usage);
  const usage = reported ?? { inputTokens: promptTokens(prompt), outputTokens: estimateTokens(content) };
  const answered = { proposed: 0, dropped: [], usage, usageReported: reported !== undefined };
  const declined = completion.choices[0]?.message.refusal;
  if (!content && declined) {
    return { ...answered, items: [], unusable: `The AI model declined to answer: ${clipText(storableText(declined), 300)}` };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    const cut = completion.choices[0]?.finish_reason === 'length' ? ' (it was cut off at the token limit)' : '';
    return { ...answered, items: [], unusable: `The AI provider's answer is not JSON${cut}.` };
  }
  const list = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)[prompt.listKey] : undefined;
  if (!Array.isArray(list)) return { ...answered, items: [], unusable: `The AI provider's answer has no "${prompt.listKey}" list.` };
  return { ...answered, ...checkItems(schema, list), proposed: list.length };
}

/** The usage the endpoint reported, when it reported one (an endpoint may leave `usage` out). */
function reportedUsage(usage: OpenAI.Completions.CompletionUsage | undefined): Usage | undefined {
  const counted = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
  if (!usage || !counted(usage.prompt_tokens) || !counted(usage.completion_tokens)) return undefined;
  return { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens };
}

/**
 * A failure in words an operator can act on; never the request itself (it carries the key). The provider's own
 * message is kept, but a compatible endpoint may quote the key in it ("Incorrect API key provided: ..."): the key is
 * masked, since the text is stored with the run and shown to operators.
 */
function describeFailure(sdk: typeof OpenAI, error: unknown, apiKey: string): string {
  if (error instanceof sdk.APIUserAbortError) return 'The generation was stopped before the AI provider answered.';
  if (error instanceof sdk.APIConnectionTimeoutError) return 'The AI provider did not answer in time.';
  if (error instanceof sdk.APIConnectionError) return 'The AI provider could not be reached.';
  if (error instanceof sdk.APIError) {
    const quoted = error.error && typeof error.error === 'object' && 'message' in error.error ? String(error.error.message) : '';
    const detail = apiKey ? quoted.replaceAll(apiKey, '***') : quoted;
    return `The AI provider refused the request (HTTP ${error.status ?? '?'})${detail ? `: ${clipText(storableText(detail), 300)}` : '.'}`;
  }
  return 'The AI provider failed.';
}
