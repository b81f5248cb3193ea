import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Equipment } from '../../../contract/equipments';

/**
 * `edit={id}` in the address (the review queue's Edit, docs/product.md#review-queue) opens that model's editor once its
 * row is among the loaded ones, then leaves the address (a reload does not open it again).
 */
export function useEditorFromAddress(rows: readonly Equipment[], open: (row: Equipment) => void): void {
  const { edit } = useSearch({ strict: false }) as { edit?: number };
  const navigate = useNavigate();
  const row = edit === undefined ? undefined : rows.find((candidate) => candidate.id === edit);
  useEffect(() => {
    if (!row) return;
    open(row);
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, edit: undefined }),
      replace: true,
    } as Parameters<typeof navigate>[0]);
    // Once per row found: `open` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row, navigate]);
}
