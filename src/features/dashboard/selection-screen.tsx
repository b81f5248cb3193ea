import type { ReactNode } from 'react';
import type { Category, Subcategory } from '../../../contract/categories';
import { categoriesErrorText, useCategories } from '../../api/categories';
import { EmptyState } from '../../ui/empty-state';
import { FetchFailure } from '../../ui/fetch-failure';
import { Spinner } from '../../ui/spinner';
import { useScreenSelection } from './screen-selection';

/** What a screen of the selection shows once it has what it needs: a line under its title and its grid. */
export interface SelectionScreenContent {
  subtitle: ReactNode;
  grid: ReactNode;
}

export interface SelectionScreenProps {
  /** The screen's CSS block (`brands`: `brands__header`, `brands__subtitle`, `brands__state`). */
  block: string;
  title: string;
  /** Said while the selection lacks what the screen needs (docs/product.md: "Please select a subcategory..."). */
  notice: string;
  /** What the screen shows of the selection in view, or null while it lacks what the screen needs. */
  content: (selection: { category: Category | undefined; subcategory: Subcategory | undefined }) => SelectionScreenContent | null;
}

/**
 * A screen of the header's selection (docs/product.md#brands-screen, #events-screen): its title, then its grid; until the
 * selection has what the screen needs, why: the categories failed (with Retry: docs/product.md#keyboard-focus-and-feedback),
 * are loading, or the operator is asked to choose.
 */
export function SelectionScreen({ block, title, notice, content }: SelectionScreenProps) {
  const { category, subcategory } = useScreenSelection();
  const categories = useCategories();
  const shown = content({ category, subcategory });

  return (
    <section className={`screen ${block}`} aria-labelledby="screen-title">
      <header className={`${block}__header`}>
        <h1 id="screen-title" className="screen__title">
          {title}
        </h1>
        {shown ? <p className={`${block}__subtitle`}>{shown.subtitle}</p> : null}
      </header>
      {shown ? (
        shown.grid
      ) : categories.isError && !categories.data ? (
        <EmptyState>
          <FetchFailure inline message={categoriesErrorText} retrying={categories.isFetching} onRetry={() => void categories.refetch()} />
        </EmptyState>
      ) : categories.isPending ? (
        <div className={`${block}__state`}>
          <Spinner label="Loading categories" />
        </div>
      ) : (
        <EmptyState>{notice}</EmptyState>
      )}
    </section>
  );
}
