import type { GridSettings } from '../../../contract/grid-settings';
import type { Preferences } from '../../../contract/preferences';
import { invalidateKey } from '../cache-effects';
import { keys } from '../keys';
import { onSuccess, type MutationEntries } from './entry';

/** The operator's settings kept on the server: preferences, grid columns, saved views. No event announces them. */

export const settingsMutations = {
  // The preferences as stored replace the cached ones.
  'preferences.update': onSuccess<unknown, Preferences>(({ answer }) => [
    { kind: 'patch', queryKey: keys.preferences(), update: () => answer },
  ]),
  // The columns as stored replace the grid's cached ones (the grid on screen already shows them).
  'gridSettings.update': onSuccess<{ grid: string }, GridSettings>(({ sent, answer }) => [
    { kind: 'patch', queryKey: keys.gridSettings(sent.grid), update: () => answer },
  ]),
  // A view saved, renamed or deleted: the views menus list them again (a rename may reorder them).
  'savedViews.create': onSuccess<unknown, unknown>(() => [invalidateKey(keys.savedViews.all)]),
  'savedViews.update': onSuccess<unknown, unknown>(() => [invalidateKey(keys.savedViews.all)]),
  'savedViews.remove': onSuccess<unknown, unknown>(() => [invalidateKey(keys.savedViews.all)]),
} satisfies MutationEntries;
