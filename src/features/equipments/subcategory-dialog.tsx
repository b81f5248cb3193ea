import { Fragment, type ReactNode, type RefObject } from 'react';
import type { Subcategory } from '../../../contract/categories';
import { Modal } from '../../ui/dialog';

/** What the Equipments screen gives a dialog it opens on a subcategory (none: the dialog is closed). */
export interface SubcategoryDialogProps {
  subcategory: Subcategory | null;
  onClose: () => void;
  /** Where the focus goes on close (the Actions button of the row, when the menu item that opened it is gone). */
  returnFocusTo?: { current: HTMLElement | null };
}

/**
 * A dialog about one subcategory (Equipment Details, Brands, Change Category): open while there is one, its body
 * made afresh for each subcategory; Escape, the close button and a click outside close it.
 */
export function SubcategoryDialog({
  subcategory,
  onClose,
  returnFocusTo,
  title,
  description,
  size,
  initialFocus,
  children,
}: SubcategoryDialogProps & {
  title: (subcategory: Subcategory | null) => string;
  description?: (subcategory: Subcategory) => string;
  size?: 'md' | 'lg' | 'xl';
  /** Where the focus goes on open (default: the first focusable element, the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: (subcategory: Subcategory) => ReactNode;
}) {
  return (
    <Modal
      open={subcategory !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title(subcategory)}
      description={subcategory && description ? description(subcategory) : undefined}
      size={size}
      returnFocusTo={returnFocusTo}
      initialFocus={initialFocus}
    >
      {subcategory ? <Fragment key={subcategory.id}>{children(subcategory)}</Fragment> : null}
    </Modal>
  );
}
