import { useNavigate } from '@tanstack/react-router';
import { DropdownMenu } from 'radix-ui';
import { useRef } from 'react';
import { screenTypes, useSelection } from '../../store/selection';
import { buttonClass } from '../../ui/button';
import { MenuContent, MenuItem, MenuLabel, MenuRadioItem, MenuSeparator } from '../../ui/menu';
import { screenTypeHome } from './type-switcher';

type MenuControl = { open: boolean; onOpenChange: (open: boolean) => void; onCloseAutoFocus: (event: Event) => void };

const typeLabelId = 'header-more-screen-type';

/**
 * The header's "More" menu, shown below 1280 px only (dashboard-header.css): the type switcher and History, folded
 * into it so the header stays one row (docs/product.md#dashboard-header). Choosing a type goes to its screen, as the
 * switcher does, the active type too. History opens once the menu has closed and given the focus back to its
 * trigger, so the History dialog returns the focus there.
 */
export function HeaderOverflowMenu({ menu, onHistory }: { menu: MenuControl; onHistory?: () => void }) {
  const type = useSelection((s) => s.selectedType);
  const navigate = useNavigate();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const historyChosen = useRef(false);

  return (
    <DropdownMenu.Root modal={false} open={menu.open} onOpenChange={menu.onOpenChange}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        className={buttonClass({ variant: 'secondary', className: 'app-header__more' })}
        aria-label="More"
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <circle cx="4.5" cy="10" r="1.6" fill="currentColor" />
          <circle cx="10" cy="10" r="1.6" fill="currentColor" />
          <circle cx="15.5" cy="10" r="1.6" fill="currentColor" />
        </svg>
      </DropdownMenu.Trigger>
      <MenuContent
        align="end"
        onCloseAutoFocus={(event) => {
          menu.onCloseAutoFocus(event);
          if (!historyChosen.current) return;
          historyChosen.current = false;
          event.preventDefault();
          triggerRef.current?.focus();
          onHistory?.();
        }}
      >
        <DropdownMenu.Group aria-labelledby={typeLabelId}>
          <MenuLabel id={typeLabelId}>Screen type</MenuLabel>
          <DropdownMenu.RadioGroup value={type}>
            {screenTypes.map((option) => (
              <MenuRadioItem key={option} value={option} onSelect={() => void navigate({ to: screenTypeHome[option] })}>
                {option}
              </MenuRadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Group>
        <MenuSeparator />
        <MenuItem disabled={!onHistory} onSelect={() => (historyChosen.current = true)}>
          History
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
