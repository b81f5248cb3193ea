import { useLocation } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import type { Category, Subcategory } from '../../../contract/categories';
import type { StatusRecord } from '../../../contract/statuses';
import { subcategoryUpdateFailedText, useRenameSubcategory } from '../../api/categories';
import { Button, buttonClass } from '../../ui/button';
import { MenuContent, MenuItem } from '../../ui/menu';
import { StatusBadge } from '../../ui/status-badge';
import { RenameForm } from './rename-form';
import {
  hasHistory,
  hasItems,
  itemCountLabel,
  subcategoryActionLabels,
  subcategoryActions,
  subcategoryEquipmentStatus,
  type SubcategoryAction,
} from './subcategory-model';
import { useFocusWhenEditingEnds } from './use-focus-when-editing-ends';

/** What the screen does for an action on a subcategory; `opener` is where the focus returns afterwards. */
export type SubcategoryActionHandler = (action: SubcategoryAction, subcategory: Subcategory, opener: HTMLElement | null) => void;

/**
 * The right list of the Equipments screen (docs/product.md#equipments-screen): the selected category's subcategories, each with its item count,
 * its equipment status, View Equipments and History where equipment exists, and the Actions dropdown.
 */
export function SubcategoryList({
  category,
  statuses,
  onAction,
}: {
  category: Category;
  statuses: readonly StatusRecord[] | undefined;
  onAction: SubcategoryActionHandler;
}) {
  return (
    <section className="equipments__panel" aria-labelledby="equipments-subcategories-heading">
      <h2 id="equipments-subcategories-heading" className="equipments__panel-title">
        Subcategories of {category.name}
      </h2>
      {category.subcategories.length === 0 ? (
        <p className="equipments__empty">No subcategories available for {category.name}</p>
      ) : (
        <ul className="equipments__list">
          {category.subcategories.map((subcategory) => (
            <SubcategoryItem key={subcategory.id} subcategory={subcategory} statuses={statuses} onAction={onAction} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SubcategoryItem({
  subcategory,
  statuses,
  onAction,
}: {
  subcategory: Subcategory;
  statuses: readonly StatusRecord[] | undefined;
  onAction: SubcategoryActionHandler;
}) {
  const nameId = useId();
  const status = subcategoryEquipmentStatus(statuses, subcategory.id);
  const withItems = hasItems(subcategory);
  const pathname = usePathname();

  return (
    <li className="subcategory-item">
      <div className="subcategory-item__main">
        <SubcategoryName subcategory={subcategory} nameId={nameId} />
        <div className="subcategory-item__meta">
          <span className="subcategory-item__count">{itemCountLabel(subcategory.equipments_count)}</span>
          <StatusBadge name={status?.name ?? null} message={status?.message} about={`Latest model generation of ${subcategory.name}`} />
        </div>
      </div>
      <div className="subcategory-item__actions">
        {withItems ? (
          <>
            <Button size="compact" aria-describedby={nameId} onClick={(event) => onAction('view-items', subcategory, event.currentTarget)}>
              View Equipments
            </Button>
            <Button size="compact" aria-describedby={nameId} onClick={(event) => onAction('history', subcategory, event.currentTarget)}>
              History
            </Button>
          </>
        ) : null}
        <SubcategoryActionsMenu
          subcategory={subcategory}
          actions={subcategoryActions({ hasItems: withItems, hasHistory: hasHistory(subcategory, status), pathname })}
          onAction={onAction}
        />
      </div>
    </li>
  );
}

/** The subcategory's name with Rename beside it, or the inline rename (docs/product.md#renaming). */
function SubcategoryName({ subcategory, nameId }: { subcategory: Subcategory; nameId: string }) {
  const [editing, setEditing] = useState(false);
  const renameButton = useFocusWhenEditingEnds<HTMLButtonElement>(editing);
  const rename = useRenameSubcategory();
  if (editing) {
    return (
      <RenameForm
        label="Subcategory name"
        initialName={subcategory.name}
        save={(name) => rename.mutateAsync({ id: subcategory.id, name })}
        failureText={subcategoryUpdateFailedText}
        onDone={() => setEditing(false)}
      />
    );
  }
  return (
    <div className="subcategory-item__title">
      <h3 id={nameId} className="subcategory-item__name">
        {subcategory.name}
      </h3>
      <Button ref={renameButton} variant="link" aria-label={`Rename ${subcategory.name}`} onClick={() => setEditing(true)}>
        Rename
      </Button>
    </div>
  );
}

function usePathname(): string {
  return useLocation({ select: (location) => location.pathname });
}

function SubcategoryActionsMenu({
  subcategory,
  actions,
  onAction,
}: {
  subcategory: Subcategory;
  actions: readonly SubcategoryAction[];
  onAction: SubcategoryActionHandler;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    // Not modal: a dialog opened from an item takes the focus next, and nothing must stay inert after it closes.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={trigger} className={buttonClass({ size: 'compact' })} aria-label={`Actions for ${subcategory.name}`}>
        Actions <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <MenuContent align="end">
        {actions.map((action) => (
          <MenuItem key={action} onSelect={() => onAction(action, subcategory, trigger.current)}>
            {subcategoryActionLabels[action]}
          </MenuItem>
        ))}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
