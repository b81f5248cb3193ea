import { promptOf, promptTokens } from './prompts';
import type { Usage } from './provider';
import type { TargetContext } from './targets';

/**
 * What a run costs. Before it starts, the most it may cost (its prompt and the largest answer asked for) is held
 * from the payer's balance; when it ends, it is charged what the provider reports it used, never more than that.
 */
export function mostRunCost(context: TargetContext, maxOutputTokens: number): number {
  return promptTokens(promptOf(context)) + maxOutputTokens;
}

export function runCharge(usage: Usage, most: number): number {
  return Math.min(usage.inputTokens + usage.outputTokens, most);
}
