import { DropdownMenu } from 'radix-ui';
import { themeChoices, type ThemeChoice } from '../../contract/theme';
import { MenuLabel, MenuRadioItem } from '../ui/menu';
import { useTheme } from './theme';

const labels: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const labelId = 'account-menu-theme';

/**
 * The theme's part of the account menu (docs/product.md#dashboard-header): System, Light or Dark, remembered in the browser. Choosing
 * keeps the menu open, so the operator sees the page change and can choose again. Loaded on its own chunk (the
 * account menu is in the entry chunk, which the login route loads).
 */
export default function ThemeMenu() {
  const choice = useTheme((state) => state.choice);
  const choose = useTheme((state) => state.choose);
  return (
    <DropdownMenu.Group aria-labelledby={labelId}>
      <MenuLabel id={labelId}>Theme</MenuLabel>
      <DropdownMenu.RadioGroup value={choice} onValueChange={(value) => choose(value as ThemeChoice)}>
        {themeChoices.map((option) => (
          <MenuRadioItem key={option} value={option} onSelect={(event) => event.preventDefault()}>
            {labels[option]}
          </MenuRadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </DropdownMenu.Group>
  );
}
