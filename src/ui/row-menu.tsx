import { DropdownMenu } from 'radix-ui';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { MenuContent } from './menu';

/** The keys that open a radix menu from its trigger. */
const openingKeys = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A grid row's menu (radix DropdownMenu, not modal): a trigger button and the menu's items. The radix menu is mounted
 * when the operator first opens it - by pointer or by the keys radix opens on - because rows mount by the dozen while
 * a long grid scrolls and a menu per row would make each of those frames too long. Mounting replaces the button, and
 * the menu opens at once (on its first item when a key opened it); when it closes, radix puts the focus back on its
 * trigger.
 */
export function RowMenu({
  label,
  className,
  disabled,
  trigger,
  children,
}: {
  /** The trigger's accessible name, e.g. `Actions for Komatsu PC210`. */
  label: string;
  className: string;
  disabled?: boolean;
  /** The trigger's visible content. */
  trigger: ReactNode;
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
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        disabled={disabled}
        onPointerDown={(event) => event.button === 0 && !event.ctrlKey && open(event)}
        onKeyDown={(event) => openingKeys.has(event.key) && open(event)}
      >
        {trigger}
      </button>
    );
  }
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger className={className} aria-label={label} disabled={disabled}>
        {trigger}
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
