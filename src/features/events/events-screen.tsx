import { categoriesErrorText, useCategories } from '../../api/categories';
import { useSelection } from '../../store/selection';
import { Spinner } from '../../ui/spinner';
import { EventsTable } from './events-table';
import { eventsTexts } from './events-texts';
import './events.css';

/** docs/product.md#events-screen (/dashboard/events): the selected category's events. */
export function EventsScreen() {
  const categoryId = useSelection((s) => s.selectedCategoryId);
  const categories = useCategories();
  const category = categories.data?.categories.find((c) => c.id === categoryId);

  return (
    <section className="screen events" aria-labelledby="screen-title">
      <header className="events__header">
        <h1 id="screen-title" className="screen__title">
          Events
        </h1>
        {category ? <p className="events__subtitle">{category.name}</p> : null}
      </header>
      {category ? (
        // A new category starts a new table: its own query, scroll position and expansion.
        <EventsTable key={category.id} category={category} />
      ) : categories.isError && !categories.data ? (
        // The categories failed, not the events: say so, with Retry (docs/product.md#keyboard-focus-and-feedback).
        <div className="events__notice" role="alert">
          {categoriesErrorText}{' '}
          <button type="button" className="btn btn--link" disabled={categories.isFetching} onClick={() => void categories.refetch()}>
            Retry
          </button>
        </div>
      ) : categories.isPending ? (
        <div className="events__state">
          <Spinner label="Loading categories" />
        </div>
      ) : (
        <p className="events__notice">{eventsTexts.selectCategory}</p>
      )}
    </section>
  );
}
