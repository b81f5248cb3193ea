import { createContext, useContext } from 'react';
import type { Category } from '../../../contract/categories';
import type { Equipment } from '../../../contract/equipments';
import type { EquipmentDraft } from './equipment-draft';

/** Why the row being edited could not be saved: the row's own text and the server's reason, if any. */
export interface RowProblem {
  detail: string | null;
}

/**
 * What the cells of the Equipment Details grid read to render a row in view or edit mode. The grid's columns are
 * module constants (TanStack Table wants them stable); the editing state reaches their cells through this context.
 */
export interface EquipmentEditor {
  /** The id of the row in edit mode, or null. */
  editingId: number | null;
  draft: EquipmentDraft | null;
  problem: RowProblem | null;
  saving: boolean;
  categories: readonly Category[];
  /** Ids of rows whose exclusion call is running. */
  excluding: ReadonlySet<number>;
  edit: (row: Equipment) => void;
  change: (update: (draft: EquipmentDraft) => EquipmentDraft) => void;
  save: (row: Equipment) => void;
  cancel: () => void;
  exclude: (row: Equipment) => void;
  unexclude: (row: Equipment) => void;
}

export const EquipmentEditorContext = createContext<EquipmentEditor | null>(null);

export function useEquipmentEditor(): EquipmentEditor {
  const editor = useContext(EquipmentEditorContext);
  if (!editor) throw new Error('useEquipmentEditor needs an EquipmentEditorContext provider');
  return editor;
}

/** The draft when `row` is the one being edited. */
export function useRowDraft(row: Equipment): EquipmentDraft | null {
  const editor = useEquipmentEditor();
  return editor.editingId === row.id ? editor.draft : null;
}
