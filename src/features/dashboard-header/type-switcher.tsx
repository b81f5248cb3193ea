import { useNavigate } from '@tanstack/react-router';
import { ToggleGroup } from 'radix-ui';
import { screenTypes, useSelection, type ScreenType } from '../../store/selection';

/** docs/product.md#dashboard-header: Events goes to /dashboard/events, Equipments to /dashboard/brands. */
export const screenTypeHome = {
  Events: '/dashboard/events',
  Equipments: '/dashboard/brands',
} as const satisfies Record<ScreenType, string>;

/**
 * The Events/Equipments switcher. It shows the store's selected type (which the screens set on entry) and
 * navigates; pressing the active type again goes back to that type's screen.
 */
export function TypeSwitcher() {
  const type = useSelection((s) => s.selectedType);
  const navigate = useNavigate();
  return (
    <ToggleGroup.Root
      type="single"
      className="segmented app-header__type"
      aria-label="Screen type"
      value={type}
      onValueChange={(value) => {
        const next = (screenTypes as readonly string[]).includes(value) ? (value as ScreenType) : type;
        void navigate({ to: screenTypeHome[next] });
      }}
    >
      {screenTypes.map((t) => (
        <ToggleGroup.Item key={t} value={t} className="segmented__item">
          {t}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
