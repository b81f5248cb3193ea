import { DropdownMenu } from 'radix-ui';
import { useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { MenuContent } from './menu';

/** The keys that open a radix menu from its trigger. */
const openingKeys = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A grid row's menu (radix DropdownMenu, not modal): a trigger button and the menu's items. The radix menu is mounted
 * when the operator first opens it - by pointer or by the keys radix opens on - because rows mount by the dozen while
 * a long grid scrolls and a menu per row would make each of those frames too long. Mounting replaces the button, and
 * the menu opens at once; when it closes, radix puts the focus back on its trigger.
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
  const [mounted, setMounted] = useState(false);
  if (!mounted) {
    const open = (event: PointerEvent | KeyboardEvent) => {
      event.preventDefault();
      setMounted(true);
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
      <MenuContent align="end">{children}</MenuContent>
    </DropdownMenu.Root>
  );
}
