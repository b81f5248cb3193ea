import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { exclusionChangesApi } from '../../contract/exclusion-changes';
import { call } from './http';
import { applyMutationStaleness } from './staleness';

/**
 * Undo of an exclusion change (docs/decisions/0011-undo-as-a-journal-of-exclusion-changes.md): every exclude and un-exclude answers the change it made
 * (`undo.change_id`); undoing it is a second call, on the server.
 */

/** POST /api/exclusion-changes/{id}/undo */
export function undoExclusionChange(changeId: number) {
  return call(exclusionChangesApi.undo, { params: { id: changeId } });
}

/**
 * Undoes a change and brings the cache up to date. Not a mutation observer: the toast's Undo runs after the row
 * that made the change may have left the screen (an un-excluded model leaves its list), and must still settle.
 */
export function useUndoExclusionChange() {
  const queryClient = useQueryClient();
  return useCallback(
    async (changeId: number) => {
      const answer = await undoExclusionChange(changeId);
      void applyMutationStaleness(queryClient, 'exclusionChanges.undo', { sent: changeId, answer });
      return answer;
    },
    [queryClient],
  );
}
