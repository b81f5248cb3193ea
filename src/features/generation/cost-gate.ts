import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { EstimateAnswer, EstimateBody } from '../../../contract/estimate';
import { estimateQueryOptions } from '../../api/estimate';
import { preferencesQueryOptions } from '../../api/preferences';

/**
 * A cost before every paid run (docs/product.md#cost-confirmation): each action that spends tokens asks the server what it would
 * cost, then shows one confirmation (cost-confirm-dialog.tsx, mounted once in the dashboard layout) unless the
 * operator chose not to be asked for runs under some amount and the balance covers it. One question at a time.
 */

export interface CostQuestion {
  /** Tells one question from the next. */
  id: number;
  /** What will be generated, in words ("Regenerate the events of Drones"). */
  what: string;
  body: EstimateBody;
  estimate: EstimateAnswer;
  /** Where the focus was when the question was asked (the button that spends): it goes back there. */
  opener: HTMLElement | null;
  answer: (confirmed: boolean) => void;
}

export const useCostQuestion = create<{ question: CostQuestion | null; set: (question: CostQuestion | null) => void }>()((set) => ({
  question: null,
  set: (question) => set({ question }),
}));

let questions = 0;

/**
 * Whether the operator confirms spending on `body` (true at once when their preference skips the question).
 * Throws when the estimate cannot be had (the caller shows the failure; nothing was spent).
 */
export async function confirmCost(queryClient: QueryClient, body: EstimateBody, what: string): Promise<boolean> {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const [estimate, preferences] = await Promise.all([
    queryClient.fetchQuery(estimateQueryOptions(body)),
    queryClient.fetchQuery(preferencesQueryOptions()).catch(() => ({ confirm_runs_from: 0 })),
  ]);
  if (estimate.runs > 0 && estimate.affordable && estimate.max_tokens < preferences.confirm_runs_from) return true;
  // A question still open is answered "no": only the newest one is asked.
  useCostQuestion.getState().question?.answer(false);
  return new Promise<boolean>((resolve) => {
    let answered = false;
    questions += 1;
    const question: CostQuestion = {
      id: questions,
      what,
      body,
      estimate,
      opener,
      answer: (confirmed) => {
        if (answered) return;
        answered = true;
        if (useCostQuestion.getState().question === question) useCostQuestion.getState().set(null);
        resolve(confirmed);
      },
    };
    useCostQuestion.getState().set(question);
  });
}
