import { createContext, useContext } from 'react';
import type { Equipment } from '../../../contract/equipments';

/**
 * What the cells of the Equipment Details grid read to act on a row: its Actions menu opens the editor drawer
 * (Edit) or changes the row's exclusion. The grid's columns are module constants (TanStack Table wants them stable);
 * the state reaches their cells through this context. The cells only show rows: editing happens in the drawer
 * (equipment-editor-drawer.tsx).
 */
export interface EquipmentRowActions {
  /** Ids of rows whose exclusion call is running. */
  excluding: ReadonlySet<number>;
  /** Opens the editor drawer on `row`; `opener` gets the focus back when the drawer closes. */
  edit: (row: Equipment, opener: HTMLElement | null) => void;
  exclude: (row: Equipment) => void;
  unexclude: (row: Equipment) => void;
}

export const EquipmentRowActionsContext = createContext<EquipmentRowActions | null>(null);

export function useEquipmentRowActions(): EquipmentRowActions {
  const actions = useContext(EquipmentRowActionsContext);
  if (!actions) throw new Error('useEquipmentRowActions needs an EquipmentRowActionsContext provider');
  return actions;
}

/** The attribute that marks a row's Actions cell, so the focus can find its button again after the drawer closes. */
export const rowActionsAttribute = 'data-equipment-actions';

/**
 * The row's Actions button in the document (rows of a virtualised grid remount as they scroll, so the button that
 * opened the drawer may have been replaced by the time it closes).
 */
export function rowActionsButton(id: number): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[${rowActionsAttribute}="${id}"] button`);
}
