import { useId, useState } from 'react';
import { usePreferences, useUpdatePreferences } from '../../api/preferences';
import { errorMessage } from '../../api/http';
import { formatTokens } from '../../api/tokens';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';

export const preferenceTexts = {
  label: 'Ask before runs costing at least',
  always: 'Every run asks for a confirmation first.',
  from: (amount: number) => `Runs that may cost less than ${formatTokens(amount)} tokens start without asking.`,
  saved: 'Saved.',
  failed: 'The preference could not be saved.',
} as const;

/** The operator's "don't ask again for runs under N tokens", readable and changeable (0: always ask). */
export function ConfirmPreference() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const current = preferences.data?.confirm_runs_from;
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = useId();
  const value = draft ?? (current === undefined ? '' : String(current));
  const parsed = Number(value);
  const valid = value !== '' && Number.isInteger(parsed) && parsed >= 0 && parsed <= 1_000_000_000;

  return (
    <form
      className="runs__preference"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid || update.isPending) return;
        update.mutate(
          { confirm_runs_from: parsed },
          {
            onSuccess: () => {
              setDraft(null);
              toast.success(preferenceTexts.saved);
            },
            onError: (error) => toast.error(errorMessage(error, preferenceTexts.failed)),
          },
        );
      }}
    >
      <label htmlFor={inputId}>{preferenceTexts.label}</label>
      <input
        id={inputId}
        className="input runs__preference-input"
        type="number"
        min={0}
        step={1000}
        inputMode="numeric"
        value={value}
        aria-invalid={!valid || undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      <span>tokens</span>
      <Button type="submit" pending={update.isPending} disabled={!valid || draft === null}>
        Save
      </Button>
      <span className="runs__preference-note" aria-live="polite">
        {current === undefined ? '' : current === 0 ? preferenceTexts.always : preferenceTexts.from(current)}
      </span>
    </form>
  );
}
