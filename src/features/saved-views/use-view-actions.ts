import { useRef, useState } from 'react';
import type { SavedView, SavedViewState, ViewGridName } from '../../../contract/saved-views';
import { errorMessage } from '../../api/http';
import { useCreateSavedView, useDeleteSavedView, useUpdateSavedView } from '../../api/saved-views';
import type { UrlTableState } from '../../ui/data-table';
import { toast } from '../../ui/toast';
import { savedViewsTexts as texts } from './saved-views-texts';
import { useViewLink } from './use-view-link';

/**
 * What the Views menu does with the operator's views of a grid (docs/decisions/0010-saved-views.md), each with its toast:
 * apply one (its filter, sort and columns go into the URL), save the grid as a new one, rename, replace a view's
 * state by the grid's, delete, and copy the link to the grid as shown. It also keeps the view last applied or saved
 * here, whose state the grid's may replace once they differ.
 */
export function useViewActions(grid: ViewGridName, current: SavedViewState, urlState: UrlTableState) {
  const create = useCreateSavedView();
  const update = useUpdateSavedView();
  const remove = useDeleteSavedView();
  const viewLink = useViewLink();
  const deleting = useRef(false);
  const updating = useRef(false);
  const [lastUsedId, setLastUsedId] = useState<number | null>(null);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(viewLink(current));
      toast.success(texts.linkCopied);
    } catch {
      toast.error(texts.linkNotCopied);
    }
  };

  const deleteView = (view: SavedView) => {
    if (deleting.current) return;
    deleting.current = true;
    remove.mutate(view.id, {
      onSuccess: () => toast.success(texts.deleted(view.name)),
      onError: (error) => toast.error(errorMessage(error, texts.deleteFailed)),
      onSettled: () => {
        deleting.current = false;
      },
    });
  };

  const apply = (view: SavedView) => {
    setLastUsedId(view.id);
    urlState.applyView(view.state);
  };

  const replaceState = (view: SavedView) => {
    if (updating.current) return;
    updating.current = true;
    update.mutate(
      { id: view.id, body: { state: current } },
      {
        onSuccess: (updated) => toast.success(texts.updated(updated.name)),
        onError: (error) => toast.error(errorMessage(error, texts.saveFailed)),
        onSettled: () => {
          updating.current = false;
        },
      },
    );
  };

  const save = async (name: string) => {
    const saved = await create.mutateAsync({ grid, name, state: current });
    setLastUsedId(saved.id);
    toast.success(texts.saved(saved.name));
  };

  const rename = async (view: SavedView, name: string) => {
    const renamed = await update.mutateAsync({ id: view.id, body: { name } });
    toast.success(texts.renamed(renamed.name));
  };

  return { lastUsedId, copyLink, deleteView, apply, replaceState, save, rename };
}

export type ViewActions = ReturnType<typeof useViewActions>;
