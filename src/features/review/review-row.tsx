import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { ReviewItem } from '../../../contract/review';
import { Button } from '../../ui/button';
import { Tip } from '../../ui/tooltip';
import { refOf, splitFields } from './review-items';
import { kindLabels, reviewTexts } from './review-texts';

/** What a row can do: the screen's decisions, by the row's result. */
export interface RowActions {
  accept: (item: ReviewItem) => void;
  reject: (item: ReviewItem) => void;
  rejectAsDuplicate: (item: ReviewItem) => void;
  toggle: (item: ReviewItem, shift: boolean) => void;
}

export const reviewColumnCount = 7;

/** One new result: its checkbox, "New", kind, name (and its likely duplicate), where it is, its fields, its actions. */
export function ReviewRow({ item, selected, actions }: { item: ReviewItem; selected: boolean; actions: RowActions }) {
  return (
    <tr className="review-row" data-ref={refOf(item)} aria-selected={selected}>
      <td className="review-row__control">
        <input
          type="checkbox"
          aria-label={`Select ${item.name}`}
          checked={selected}
          onChange={(event) => actions.toggle(item, (event.nativeEvent as unknown as MouseEvent).shiftKey === true)}
        />
      </td>
      <td>
        <span className="review-state">New</span>
      </td>
      <td className="review-row__kind">{kindLabels[item.kind]}</td>
      <td className="review-row__name">
        <span className="review-row__title">{item.name}</span>
        {item.likely_duplicate ? (
          <span className="review-flag">
            <span>{reviewTexts.likelyDuplicate(item.likely_duplicate.name, item.likely_duplicate.score)}</span>
            <Button variant="link" onClick={() => actions.rejectAsDuplicate(item)}>
              {reviewTexts.rejectAsDuplicate(item.likely_duplicate.name)}
            </Button>
          </span>
        ) : null}
      </td>
      <td className="review-row__where">
        <span>{[item.category.name, item.subcategory?.name].filter(Boolean).join(' / ')}</span>
        {item.brand ? <span className="review-row__muted">{item.brand.name}</span> : null}
      </td>
      <td className="review-row__fields">
        <ItemFields item={item} />
      </td>
      <td className="review-row__actions">
        <Button size="compact" variant="primary" onClick={() => actions.accept(item)} aria-label={`Accept ${item.name}`}>
          {reviewTexts.accept}
        </Button>
        {item.kind === 'equipment' && item.subcategory ? <EditModelLink item={item} /> : null}
        <Button size="compact" onClick={() => actions.reject(item)} aria-label={`Reject ${item.name}`}>
          {reviewTexts.reject}
        </Button>
      </td>
    </tr>
  );
}

/** The 2-3 most telling fields inline; the rest in a tip on "+n". */
function ItemFields({ item }: { item: ReviewItem }) {
  const { inline, rest } = splitFields(item.fields);
  return (
    <span className="review-fields">
      <span className="review-fields__inline">
        {inline.map((field) => (
          <span key={field.label} className="review-fields__field">
            <span className="review-row__muted">{field.label}:</span> {field.value}
          </span>
        ))}
      </span>
      {rest.length > 0 ? (
        <Tip
          content={
            <dl className="review-fields__more">
              {rest.map((field) => (
                <div key={field.label}>
                  <dt>{field.label}</dt>
                  <dd>{field.value}</dd>
                </div>
              ))}
            </dl>
          }
        >
          <button type="button" className="review-fields__toggle" aria-label={`${rest.length} more fields of ${item.name}`}>
            +{rest.length}
          </button>
        </Tip>
      ) : null}
    </span>
  );
}

/**
 * A model is edited in its Equipment Details (the equipment editor belongs to the Equipments screen): the link opens
 * them filtered to the model with its editor open, whose "Save and accept" accepts it.
 */
function EditModelLink({ item }: { item: ReviewItem }) {
  return (
    <Link
      to="/dashboard/equipments"
      search={{ category: item.category.id, items: item.subcategory?.id, q: item.name, edit: item.id }}
      className="review-row__edit"
      data-edit
      aria-label={`Edit ${item.name} in Equipment Details`}
    >
      {reviewTexts.edit}
    </Link>
  );
}
