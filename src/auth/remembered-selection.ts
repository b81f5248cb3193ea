import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import type { SelectionIds } from '../store/selection';
import { getAuthUserId, storage } from './session';

/**
 * The operator's last category and subcategory, kept in this browser per operator, so that signing in again (or
 * reloading, or opening a screen's address without a selection) shows where they left it (docs/product.md#selection;
 * docs/figures.md: the first rows right after sign-in). The address is the selection of the screen in view; this is
 * the one the other screens' header shows, and what a screen's address without one takes.
 */
const storageKey = (userId: number) => `catalogue.selection.${userId}`;
const id = z.nullable(z.number().check(z.int(), z.positive()));
const rememberedChoice = z.object({ categoryId: id, subcategoryId: id });

/** Read once per operator, then kept here (what this tab chose since wins over what another tab stored meanwhile). */
let known: { userId: number; choice: SelectionIds | null } | undefined;
const listeners = new Set<() => void>();

function readStored(userId: number): SelectionIds | null {
  try {
    const raw = storage()?.getItem(storageKey(userId));
    const choice = raw ? rememberedChoice.safeParse(JSON.parse(raw)) : undefined;
    return choice?.success ? choice.data : null;
  } catch {
    return null; // unreadable: docs/product.md#selection's default applies
  }
}

/** The signed-in operator's remembered choice; null when none (or signed out). The same object while unchanged. */
export function rememberedSelection(): SelectionIds | null {
  const userId = getAuthUserId();
  if (userId === null) return null;
  if (known?.userId !== userId) known = { userId, choice: readStored(userId) };
  return known.choice;
}

/** Remembers the selection in view for the signed-in operator. */
export function rememberSelection(choice: SelectionIds): void {
  const userId = getAuthUserId();
  if (userId === null) return; // signing out: nothing to remember for anyone
  const current = rememberedSelection();
  if (current?.categoryId === choice.categoryId && current.subcategoryId === choice.subcategoryId) return;
  known = { userId, choice: { categoryId: choice.categoryId, subcategoryId: choice.subcategoryId } };
  try {
    storage()?.setItem(storageKey(userId), JSON.stringify(known.choice));
  } catch {
    // Storage full or refused: remembered in this tab only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remembered choice, re-rendering when it changes. */
export function useRememberedSelection(): SelectionIds | null {
  return useSyncExternalStore(subscribe, rememberedSelection, () => null);
}
