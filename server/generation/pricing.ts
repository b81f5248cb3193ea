import { promptOf, promptTokens } from './prompts';
import type { Usage } from './provider';
import type { TargetContext } from './targets';

/**
 * What a run costs (docs/decisions/0019-one-charging-rule.md). Before it starts, the most it may cost (its prompt and
 * the largest answer asked for) is held from the payer's balance. When the provider answered, the run is charged
 * what the provider reports it used (without a report, its prompt and answer counted as the estimate counts them),
 * never more than it held, whatever of the answer was kept; when the provider did not answer, nothing.
 */
export function mostRunCost(context: TargetContext, maxOutputTokens: number): number {
  return promptTokens(promptOf(context)) + maxOutputTokens;
}

/** How a run's charge was reckoned: the provider's report, the count of its prompt and answer, a free provider, or nothing to charge. */
export type ChargeBasis = 'reported' | 'counted' | 'free' | 'none';

export interface Charge {
  tokens: number;
  basis: ChargeBasis;
}

/** A run whose provider did not answer (or was never asked). */
export const noCharge: Charge = { tokens: 0, basis: 'none' };

/** The charge of a run whose provider answered. */
export function answerCharge(answer: { usage: Usage; usageReported: boolean }, most: number, provider: { free: boolean }): Charge {
  if (provider.free) return { tokens: 0, basis: 'free' };
  const used = answer.usage.inputTokens + answer.usage.outputTokens;
  return { tokens: Math.min(used, most), basis: answer.usageReported ? 'reported' : 'counted' };
}
