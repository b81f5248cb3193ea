import { DropdownMenu } from 'radix-ui';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode, type Ref } from 'react';
import { buttonClass } from './button';
import { MenuContent } from './menu';

/** The keys that open a radix menu from its trigger. */
const openingKeys = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * Every grid's Actions column (docs/product.md#grids): one look in every grid, "Actions" over a column of the same
 * width pinned at the right edge, each row's actions behind one `RowMenu`. Spread it into the column's definition:
 * `col.display({ id: 'actions', header: 'Actions', cell: ..., ...rowActionsColumn })`.
 */
export const rowActionsColumn = {
  enableSorting: false,
  enableHiding: false,
  enableGlobalFilter: false,
  meta: { width: '120px', pin: 'right', resizable: false },
} as const;

const triggerClass = buttonClass({ variant: 'secondary', size: 'compact' });

function Trigger() {
  return (
    <>
      Actions <span aria-hidden="true">▾</span>
    </>
  );
}

/**
 * A grid row's menu (radix DropdownMenu, not modal): the "Actions ▾" button every grid's rows share and the menu's
 * items. Offer only what can be done on that row: an item is disabled while its action runs, never for good.
 * The radix menu is mounted when the operator first opens it - by pointer or by the keys radix opens on - because rows
 * mount by the dozen while a long grid scrolls and a menu per row would make each of those frames too long. Mounting
 * replaces the button, and the menu opens at once (on its first item when a key opened it); when it closes, radix puts
 * the focus back on its trigger.
 */
export function RowMenu({
  label,
  disabled,
  triggerRef,
  children,
}: {
  /** The trigger's accessible name, e.g. `Actions for Komatsu PC210`. */
  label: string;
  disabled?: boolean;
  /** The trigger button (the one shown: the plain button, then radix's), e.g. to give the focus back to it. */
  triggerRef?: Ref<HTMLButtonElement>;
  /** The menu items. */
  children: ReactNode;
}) {
  // 'keyboard' when the menu was mounted by a key: radix's own "opened by keyboard" flag missed that key (its listener
  // is added with the menu), so the first item is focused here, as radix does for a menu it opens by keyboard.
  const [mounted, setMounted] = useState<false | 'pointer' | 'keyboard'>(false);
  const entered = useRef(false);
  if (!mounted) {
    const open = (event: PointerEvent | KeyboardEvent) => {
      event.preventDefault();
      setMounted(event.type === 'keydown' ? 'keyboard' : 'pointer');
    };
    return (
      <button
        ref={triggerRef}
        type="button"
        className={triggerClass}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        disabled={disabled}
        onPointerDown={(event) => event.button === 0 && !event.ctrlKey && open(event)}
        onKeyDown={(event) => openingKeys.has(event.key) && open(event)}
      >
        <Trigger />
      </button>
    );
  }
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger ref={triggerRef} className={triggerClass} aria-label={label} disabled={disabled}>
        <Trigger />
      </DropdownMenu.Trigger>
      <MenuContent
        align="end"
        onFocus={(event) => {
          // Radix focuses the menu itself when it opens; opened by a key, the focus moves on to the first item, once.
          if (entered.current || mounted !== 'keyboard' || event.target !== event.currentTarget) return;
          entered.current = true;
          event.currentTarget.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus({ preventScroll: true });
        }}
      >
        {children}
      </MenuContent>
    </DropdownMenu.Root>
  );
}
