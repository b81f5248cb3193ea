import { z } from 'zod/mini';
import { selectionActions, useSelection } from '../store/selection';
import { getAuthUserId, storage } from './session';

/**
 * The operator's last category and subcategory, kept in this browser per operator, so that signing in again (or
 * reloading) opens the screen where they left it (docs/figures.md: the first rows right after sign-in).
 */
const storageKey = (userId: number) => `catalogue.selection.${userId}`;
const id = z.nullable(z.number().check(z.int(), z.positive()));
const rememberedChoice = z.object({ categoryId: id, subcategoryId: id });

/** Applies the signed-in operator's remembered choice, if any (a stored value of another shape is ignored). */
export function restoreRememberedSelection(): void {
  const userId = getAuthUserId();
  if (userId === null) return;
  try {
    const raw = storage()?.getItem(storageKey(userId));
    const choice = raw ? rememberedChoice.safeParse(JSON.parse(raw)) : undefined;
    if (choice?.success) selectionActions().restoreChoice(choice.data);
  } catch {
    // Unreadable: start from the default of docs/product.md#selection.
  }
}

/** Writes every change of the category or subcategory for the signed-in operator. Returns the unsubscribe. */
export function rememberSelection(): () => void {
  return useSelection.subscribe((state, previous) => {
    if (state.selectedCategoryId === previous.selectedCategoryId && state.selectedSubcategoryId === previous.selectedSubcategoryId) return;
    const userId = getAuthUserId();
    if (userId === null) return; // signing out: nothing to remember for anyone
    try {
      storage()?.setItem(
        storageKey(userId),
        JSON.stringify({ categoryId: state.selectedCategoryId, subcategoryId: state.selectedSubcategoryId }),
      );
    } catch {
      // Storage full or refused: the choice is simply not remembered.
    }
  });
}
