import type { Category } from '../../../contract/categories';
import { EventsTable } from './events-table';
import { eventsTexts } from './events-texts';
import './events.css';

/**
 * docs/product.md#events-screen (/dashboard/events): the selected category's events. The route shows it in the frame of
 * the selection's screens (src/features/dashboard/selection-screen.tsx), which says what is missing until then.
 */
export const eventsScreen = {
  block: 'events',
  title: 'Events',
  notice: eventsTexts.selectCategory,
  content: ({ category }: { category: Category | undefined }) =>
    category
      ? {
          subtitle: category.name,
          // A new category starts a new table: its own query, scroll position and expansion.
          grid: <EventsTable key={category.id} category={category} />,
        }
      : null,
};
