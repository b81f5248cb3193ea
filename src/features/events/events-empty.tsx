import type { Category } from '../../../contract/categories';
import { modelTypes } from '../../../contract/statuses';
import { generateEventsFailedText, useGenerateEvents } from '../../api/events';
import { isInProgress, useStatuses } from '../../api/statuses';
import { GenerateEmptyState } from '../../ui/empty-state';
import { toast } from '../../ui/toast';
import { eventsTexts } from './events-texts';
import { useSpend } from '../generation';

/**
 * docs/product.md#events-screen: a category without events: 'No events available for {category}.' with 'Generate Events', or
 * 'Regenerate Events' and the status badge once a status exists; a spinner while the generation is In Progress
 * (docs/product.md#statuses). A click while a request runs is ignored (the button is then a spinner).
 */
export function EventsEmpty({ category }: { category: Category }) {
  const statuses = useStatuses({ category_id: category.id });
  // The outcome's toast is given to the mutation itself: this component is gone (replaced by the table) by the time
  // a successful generation answers.
  const generate = useGenerateEvents({
    onSuccess: (answer) => {
      if (answer.message) toast.success(answer.message);
    },
    onError: (error) => toast.error(generateEventsFailedText(error)),
  });
  const record = statuses.data?.find(
    (s) => s.model_type === modelTypes.event && s.category_id === category.id && s.subcategory_id === null && s.brand_id === null,
  );
  const status = { name: record?.name ?? category.status, message: record?.message, about: `Latest event generation of ${category.name}` };
  const { spend, busy: asking, sending } = useSpend();
  const busy = isInProgress(status.name) || generate.isPending || sending;

  const onGenerate = () => {
    if (generate.isPending) return;
    void spend({ type: 'Events', category_id: category.id }, `Generate the events of ${category.name}.`, () =>
      generate.mutateAsync(category.id),
    );
  };

  return (
    <GenerateEmptyState
      text={eventsTexts.noEvents(category.name)}
      labels={eventsTexts.generateButton}
      status={status}
      busy={busy}
      asking={asking}
      onGenerate={onGenerate}
    />
  );
}
