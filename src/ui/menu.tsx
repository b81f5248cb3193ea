import { DropdownMenu } from 'radix-ui';
import type { ComponentProps } from 'react';

/**
 * Styled parts of a radix DropdownMenu (header dropdowns, per-row Actions menus). Use them inside
 * `<DropdownMenu.Root>` with a `<DropdownMenu.Trigger>` of your own.
 */
export function MenuContent({ className, children, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        className={className ? `menu ${className}` : 'menu'}
        sideOffset={6}
        align="start"
        collisionPadding={8}
        {...props}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

export function MenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={className ? `menu__item ${className}` : 'menu__item'} {...props} />;
}

export function MenuRadioItem({ className, children, ...props }: ComponentProps<typeof DropdownMenu.RadioItem>) {
  return (
    <DropdownMenu.RadioItem className={className ? `menu__item ${className}` : 'menu__item'} {...props}>
      <span className="menu__check" aria-hidden="true">
        <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
      </span>
      {children}
    </DropdownMenu.RadioItem>
  );
}

export function MenuLabel({ className, ...props }: ComponentProps<typeof DropdownMenu.Label>) {
  return <DropdownMenu.Label className={className ? `menu__label ${className}` : 'menu__label'} {...props} />;
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="menu__separator" />;
}
